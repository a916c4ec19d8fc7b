import { NotFoundCard } from "@/components/studio/not-found-card";
import { LayersIcon } from "@/components/ui/icons";

export default function WorldNotFound() {
  return (
    <NotFoundCard icon={<LayersIcon />} title="World not found">
      This world doesn&apos;t exist, was deleted, or belongs to another account.
    </NotFoundCard>
  );
}
