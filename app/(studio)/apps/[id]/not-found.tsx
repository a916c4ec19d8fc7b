import { NotFoundCard } from "@/components/studio/not-found-card";
import { BoxIcon } from "@/components/ui/icons";

export default function AppNotFound() {
  return (
    <NotFoundCard icon={<BoxIcon />} title="App not found">
      This app doesn&apos;t exist, or it belongs to another account.
    </NotFoundCard>
  );
}
