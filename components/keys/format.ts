import type { ApiKey } from "@/components/api/types";

/** How a key is shown after creation: its prefix and last four characters, never more. */
export function maskKey(key: Pick<ApiKey, "prefix" | "last4">): string {
  return `${key.prefix}…${key.last4}`;
}
