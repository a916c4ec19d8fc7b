"use client";

import type { ApiKey } from "@/components/api/types";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { formatDate, formatDateTime, formatRelative } from "@/components/ui/dates";
import { maskKey } from "./format";
import { KindBadge, ModeBadge, StatusBadge } from "./key-badges";

const th = "px-3 py-2.5 text-left text-xs font-medium text-fg-muted whitespace-nowrap first:pl-6 last:pr-6";
const td = "px-3 py-3 align-middle first:pl-6 last:pr-6";

export function KeysTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[720px] border-collapse text-sm">
        <caption className="sr-only">API keys of this app</caption>
        <thead>
          <tr className="border-y border-line bg-subtle/50">
            <th scope="col" className={th}>
              Name
            </th>
            <th scope="col" className={th}>
              Key
            </th>
            <th scope="col" className={th}>
              Type
            </th>
            <th scope="col" className={th}>
              Created
            </th>
            <th scope="col" className={th}>
              Last used
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {keys.map((key) => {
            const revoked = key.revoked_at !== null;
            return (
              <tr key={key.id} data-key-id={key.id} className={cn("transition-colors hover:bg-subtle/40", revoked && "text-fg-muted")}>
                <td className={cn(td, "max-w-56")}>
                  <span
                    className={cn(
                      "block truncate font-medium",
                      revoked ? "text-fg-muted" : "text-fg",
                      !key.name && "font-normal text-fg-subtle italic",
                    )}
                  >
                    {key.name || "Unnamed"}
                  </span>
                </td>
                <td className={td}>
                  <code
                    className={cn(
                      "font-mono text-[13px] whitespace-nowrap",
                      revoked ? "text-fg-subtle line-through decoration-fg-subtle/60" : "text-fg",
                    )}
                  >
                    {maskKey(key)}
                  </code>
                </td>
                <td className={td}>
                  <span className="flex gap-1.5">
                    <KindBadge kind={key.kind} />
                    <ModeBadge mode={key.mode} />
                  </span>
                </td>
                <td className={cn(td, "whitespace-nowrap text-fg-muted")}>
                  <time dateTime={key.created_at} title={formatDateTime(key.created_at)}>
                    {formatDate(key.created_at)}
                  </time>
                </td>
                <td className={cn(td, "whitespace-nowrap text-fg-muted")}>
                  {key.last_used_at ? (
                    <time dateTime={key.last_used_at} title={formatDateTime(key.last_used_at)}>
                      {formatRelative(key.last_used_at)}
                    </time>
                  ) : (
                    <span className="text-fg-subtle">Never</span>
                  )}
                </td>
                <td className={td}>
                  <span title={key.revoked_at ? `Revoked ${formatDateTime(key.revoked_at)}` : undefined}>
                    <StatusBadge revoked={revoked} />
                  </span>
                </td>
                <td className={cn(td, "text-right")}>
                  {revoked ? null : (
                    <Button
                      variant="danger-ghost"
                      size="sm"
                      aria-label={`Revoke ${key.name ? `${key.name} (${maskKey(key)})` : maskKey(key)}`}
                      onClick={() => onRevoke(key)}
                    >
                      Revoke
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
