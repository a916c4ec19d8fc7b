import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { PageContainer } from "@/components/ui/page-header";

/** One line of the heading: a bar, or a row of bars (badges). Each is a Skeleton's class names. */
type HeadingLine = string | string[];

interface PageSkeletonProps {
  /** Names what is loading, for assistive technology ("Loading My Creations"). */
  label: string;
  width?: "default" | "wide";
  /** The page header's lines, top to bottom (breadcrumbs, title, description, badges). */
  heading: HeadingLine[];
  /** A button beside the heading, as on My Creations. */
  action?: string;
  /** The page's own shapes below the header. */
  children: ReactNode;
}

/** The frame of a Studio page while its server component reads: every `loading.tsx` draws one. */
export function PageSkeleton({ label, width, heading, action, children }: PageSkeletonProps) {
  return (
    <PageContainer width={width}>
      <div className="flex items-start justify-between gap-4" aria-busy="true" aria-label={label}>
        <div className="min-w-0 flex-1 space-y-2">
          {heading.map((line, i) =>
            typeof line === "string" ? (
              <Skeleton key={i} className={line} />
            ) : (
              <div key={i} className="flex gap-2">
                {line.map((bar, j) => (
                  <Skeleton key={j} className={bar} />
                ))}
              </div>
            ),
          )}
        </div>
        {action ? <Skeleton className={action} /> : null}
      </div>
      {children}
    </PageContainer>
  );
}
