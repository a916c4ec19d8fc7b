import { createHash, randomBytes } from "node:crypto";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A ULID (what Inngest uses for run and event ids): 48-bit time, 80 bits of entropy. */
export function ulid(time: number = Date.now(), entropy: Uint8Array = randomBytes(10)): string {
  let t = time;
  let head = "";
  for (let i = 0; i < 10; i++) {
    head = CROCKFORD[t % 32]! + head;
    t = Math.floor(t / 32);
  }
  let tail = "";
  let bits = 0;
  let acc = 0;
  for (const byte of entropy.subarray(0, 10)) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      tail += CROCKFORD[(acc >> (bits - 5)) & 31]!;
      bits -= 5;
    }
    acc &= (1 << bits) - 1;
  }
  return head + tail;
}

/**
 * The id of the `index`-th event of one `inngest.send()` call that gave none: derived from the
 * SDK's `x-inngest-event-id-seed` header (`<millis>,<entropy>`, the same on the SDK's retries of
 * that call), so a retried send stores each event once, as Inngest's event API does.
 */
export function seededEventId(seed: string | undefined, index: number): string {
  const match = seed ? /^(\d+),(.+)$/.exec(seed) : null;
  if (!match) return ulid();
  const entropy = createHash("sha256").update(`${seed}:${index}`).digest().subarray(0, 10);
  return ulid(Number(match[1]), entropy);
}
