import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LayersIcon } from "@/components/ui/icons";
import { PageContainer } from "@/components/studio/page-header";

export default function WorldNotFound() {
  return (
    <PageContainer>
      <div className="rounded-xl border border-line bg-surface shadow-xs">
        <EmptyState
          icon={<LayersIcon />}
          title="World not found"
          actions={
            <ButtonLink href="/creations" variant="secondary">
              Back to My Creations
            </ButtonLink>
          }
        >
          This world doesn&apos;t exist, was deleted, or belongs to another account.
        </EmptyState>
      </div>
    </PageContainer>
  );
}
