import { Skeleton } from "@/components/ui/skeleton";
import { PageSkeleton } from "@/components/studio/page-skeleton";

/** The character page's frame while the server reads the character. */
export default function CharacterLoading() {
  return (
    <PageSkeleton label="Loading the character" width="wide" heading={["h-4 w-40", "h-8 w-64", ["h-5 w-20", "h-5 w-16", "h-5 w-28"]]}>
      <div className="rounded-xl border border-line bg-surface p-6">
        <Skeleton className="aspect-video w-full" />
      </div>
      <div className="grid gap-4 rounded-xl border border-line bg-surface p-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="aspect-video w-full" />
        ))}
      </div>
    </PageSkeleton>
  );
}
