import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { MessageIcon } from "@/components/worlds/icons";
import { PageContainer } from "@/components/studio/page-header";

export default function CharacterNotFound() {
  return (
    <PageContainer>
      <div className="rounded-xl border border-line bg-surface shadow-xs">
        <EmptyState
          icon={<MessageIcon />}
          title="Character not found"
          actions={
            <ButtonLink href="/creations" variant="secondary">
              Back to My Creations
            </ButtonLink>
          }
        >
          This character doesn&apos;t exist, was deleted, or belongs to another account.
        </EmptyState>
      </div>
    </PageContainer>
  );
}
