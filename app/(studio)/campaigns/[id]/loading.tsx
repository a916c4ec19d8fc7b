import { PageSkeleton } from "@/components/studio/page-skeleton";
import { Skeleton } from "@/components/ui/skeleton";

/** The campaign page's frame while the server reads the campaign. */
export default function CampaignLoading() {
  return (
    <PageSkeleton label="Loading the campaign" heading={["h-7 w-64", "h-4 w-80"]}>
      <div className="space-y-5">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </PageSkeleton>
  );
}
