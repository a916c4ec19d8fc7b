import { Skeleton } from "@/components/ui/skeleton";

/** The Graph tab before the canvas runs (it renders in the browser only): toolbar, canvas, inspector. */
export function EditorSkeleton() {
  return (
    <div className="flex h-full min-h-0 flex-1 flex-col" aria-busy="true" aria-label="Loading the editor">
      <div className="flex h-11 items-center gap-2 border-b border-line bg-surface px-3">
        <Skeleton className="h-6 w-20" />
        <Skeleton className="h-6 w-20" />
        <Skeleton className="ml-auto h-7 w-64" />
      </div>
      <div className="flex min-h-0 flex-1">
        <div className="flex-1 bg-canvas" />
        <div className="w-[22rem] space-y-3 border-l border-line bg-surface p-4 xl:w-[24rem]">
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      </div>
    </div>
  );
}

/** A world's workspace while the server reads the world (`/worlds/{id}`'s loading.tsx): header, tabs, editor. */
export function WorkspaceSkeleton() {
  return (
    <div className="flex h-[calc(100dvh-3.5rem)] flex-col lg:h-dvh" aria-busy="true" aria-label="Loading the world">
      <div className="shrink-0 border-b border-line bg-surface">
        <div className="flex h-13 items-center gap-3 px-5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-5 w-48" />
          <Skeleton className="ml-auto h-8 w-20" />
        </div>
        <div className="flex gap-2 px-4 pb-2">
          <Skeleton className="h-6 w-14" />
          <Skeleton className="h-6 w-16" />
          <Skeleton className="h-6 w-16" />
          <Skeleton className="h-6 w-12" />
        </div>
      </div>
      <EditorSkeleton />
    </div>
  );
}
