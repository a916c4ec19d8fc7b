import { NotFoundCard } from "@/components/studio/not-found-card";
import { BookOpenIcon } from "@/components/ui/icons";

export default function CampaignNotFound() {
  return (
    <NotFoundCard icon={<BookOpenIcon />} title="Campaign not found">
      This campaign doesn&apos;t exist, was deleted, or belongs to another account.
    </NotFoundCard>
  );
}
