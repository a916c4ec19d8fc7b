import Link from "next/link";
import { MODE_WORDS } from "@/components/apps/mode-words";
import { Badge } from "@/components/ui/badge";

/**
 * The mode a world lives in, in its header: "Live mode" or "Test mode", what that means on
 * hover, and a link to the app's "Test and live" panel.
 */
export function WorldModeBadge({ mode, appId }: { mode: "live" | "test"; appId: string }) {
  const words = MODE_WORDS[mode];
  return (
    <Link
      href={`/apps/${appId}#modes`}
      className="rounded-full"
      title={`${words.summary} ${words.seenBy}`}
      data-testid="world-mode"
      aria-label={`${words.badge}: ${words.summary} ${words.seenBy}`}
    >
      <Badge tone={mode === "live" ? "accent" : "warning"}>{words.badge}</Badge>
    </Link>
  );
}
