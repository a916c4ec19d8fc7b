import { Skeleton } from "@/components/ui/skeleton";
import { PageContainer } from "@/components/studio/page-header";

/** The character page's frame while the server reads the character. */
export default function CharacterLoading() {
  return (
    <PageContainer width="wide">
      <div className="space-y-3" aria-busy="true" aria-label="Loading the character">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-8 w-64" />
        <div className="flex gap-2">
          <Skeleton className="h-5 w-20" />
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-5 w-28" />
        </div>
      </div>
      <div className="rounded-xl border border-line bg-surface p-6">
        <Skeleton className="aspect-video w-full" />
      </div>
      <div className="grid gap-4 rounded-xl border border-line bg-surface p-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="aspect-video w-full" />
        ))}
      </div>
    </PageContainer>
  );
}
