import { Skeleton } from "@/components/ui/skeleton";
import { PageSkeleton } from "@/components/studio/page-skeleton";

function CardSkeleton({ rows }: { rows: number }) {
  return (
    <div className="rounded-xl border border-line bg-surface p-6 shadow-xs">
      <Skeleton className="h-5 w-32" />
      <Skeleton className="mt-2 h-4 w-80 max-w-full" />
      <div className="mt-6 space-y-3">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </div>
    </div>
  );
}

export default function AppSettingsLoading() {
  return (
    <PageSkeleton label="Loading app settings" heading={["h-4 w-24", "h-7 w-56", "h-4 w-96 max-w-full"]}>
      <CardSkeleton rows={2} />
      <CardSkeleton rows={3} />
    </PageSkeleton>
  );
}
