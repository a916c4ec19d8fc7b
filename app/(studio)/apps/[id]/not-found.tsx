import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { BoxIcon } from "@/components/ui/icons";
import { PageContainer } from "@/components/studio/page-header";

export default function AppNotFound() {
  return (
    <PageContainer>
      <div className="rounded-xl border border-line bg-surface shadow-xs">
        <EmptyState
          icon={<BoxIcon />}
          title="App not found"
          actions={
            <ButtonLink href="/creations" variant="secondary">
              Back to My Creations
            </ButtonLink>
          }
        >
          This app doesn&apos;t exist, or it belongs to another account.
        </EmptyState>
      </div>
    </PageContainer>
  );
}
