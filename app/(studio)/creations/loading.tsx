import { Skeleton } from "@/components/ui/skeleton";
import { PageSkeleton } from "@/components/studio/page-skeleton";

export default function CreationsLoading() {
  return (
    <PageSkeleton label="Loading My Creations" width="wide" heading={["h-7 w-44", "h-4 w-72"]} action="h-9 w-32">
      <div className="space-y-5">
        <Skeleton className="h-9 w-full max-w-sm" />
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="overflow-hidden rounded-xl border border-line bg-surface">
              <Skeleton className="aspect-video w-full rounded-none" />
              <div className="space-y-2 p-4">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3.5 w-full" />
                <Skeleton className="h-3.5 w-4/5" />
              </div>
            </div>
          ))}
        </div>
      </div>
    </PageSkeleton>
  );
}
