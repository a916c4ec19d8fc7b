import { WorkspaceSkeleton } from "@/components/graph/workspace-skeleton";

/** The world workspace's frame while the server reads the world. */
export default function WorldLoading() {
  return <WorkspaceSkeleton />;
}
