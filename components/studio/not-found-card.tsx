import type { ReactNode } from "react";
import { PageContainer } from "@/components/ui/page-header";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** The Studio's "not found" page for a world, character or app: what is missing and a way back. */
export function NotFoundCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <PageContainer>
      <div className="rounded-xl border border-line bg-surface shadow-xs">
        <EmptyState
          icon={icon}
          title={title}
          actions={
            <ButtonLink href="/creations" variant="secondary">
              Back to My Creations
            </ButtonLink>
          }
        >
          {children}
        </EmptyState>
      </div>
    </PageContainer>
  );
}
