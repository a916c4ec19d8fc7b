import type { ApiKey } from "@/components/api/types";
import { Badge } from "@/components/ui/badge";

export function ModeBadge({ mode }: { mode: ApiKey["mode"] }) {
  return mode === "live" ? <Badge tone="accent">Live</Badge> : <Badge tone="warning">Test</Badge>;
}

export function KindBadge({ kind }: { kind: ApiKey["kind"] }) {
  return <Badge>{kind === "secret" ? "Secret" : "Publishable"}</Badge>;
}

export function StatusBadge({ revoked }: { revoked: boolean }) {
  return revoked ? (
    <Badge tone="danger" dot>
      Revoked
    </Badge>
  ) : (
    <Badge tone="success" dot>
      Active
    </Badge>
  );
}
