import { NotFoundCard } from "@/components/studio/not-found-card";
import { MessageIcon } from "@/components/ui/icons";

export default function CharacterNotFound() {
  return (
    <NotFoundCard icon={<MessageIcon />} title="Character not found">
      This character doesn&apos;t exist, was deleted, or belongs to another account.
    </NotFoundCard>
  );
}
