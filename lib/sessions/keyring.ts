import { createHmac, timingSafeEqual } from "node:crypto";
import { getSecrets } from "@/lib/config/secrets";

/**
 * The keys that sign and verify runtime session tokens (docs/runtime.md "Rotation").
 *
 * The current secret is SESSION_TOKEN_SECRET, else the one generated into DATA_DIR/secrets.json.
 * SESSION_TOKEN_PREVIOUS_SECRETS (comma-separated) lists retired secrets whose tokens still
 * verify until they expire (at most 1 h). Each secret yields an HMAC-SHA256 signing key and a
 * key id (`kid`, in the token's header) by HMAC derivation, so neither reveals the secret and a
 * token names the key that verifies it. Tokens are only ever signed with the current key.
 */
export interface SigningKey {
  kid: string;
  key: Uint8Array;
}

export interface Keyring {
  current: SigningKey;
  /** Current and previous keys by kid. */
  byKid: ReadonlyMap<string, SigningKey>;
}

const derive = (secret: string, label: string) => createHmac("sha256", secret).update(label).digest();

export function signingKeyOf(secret: string): SigningKey {
  return {
    kid: `sk1_${derive(secret, "pw-session-token/kid").toString("base64url").slice(0, 16)}`,
    key: new Uint8Array(derive(secret, "pw-session-token/hs256-v1")),
  };
}

/** SESSION_TOKEN_PREVIOUS_SECRETS: comma-separated, blanks ignored. */
export function previousSecrets(env: Readonly<Record<string, string | undefined>> = process.env): string[] {
  return (env.SESSION_TOKEN_PREVIOUS_SECRETS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

let cached: { source: string; ring: Keyring } | undefined;

export function getKeyring(): Keyring {
  const current = getSecrets().sessionTokenSecret;
  const previous = previousSecrets();
  const source = JSON.stringify([current, previous]);
  if (cached?.source === source) return cached.ring;
  const currentKey = signingKeyOf(current);
  const byKid = new Map<string, SigningKey>([[currentKey.kid, currentKey]]);
  for (const secret of previous) {
    const key = signingKeyOf(secret);
    if (!byKid.has(key.kid)) byKid.set(key.kid, key);
  }
  cached = { source, ring: { current: currentKey, byKid } };
  return cached.ring;
}

/**
 * A 16-byte HMAC tag (base64url) over `payload` under `label`, signed with the current key: what
 * the self-verifying ids (`ply_…`, `pub_…`) carry after their dot.
 */
export function tagOf(label: string, payload: string, key: Uint8Array = getKeyring().current.key): string {
  return createHmac("sha256", key).update(`${label}|${payload}`).digest().subarray(0, 16).toString("base64url");
}

/**
 * Whether `tag` is the tag of `payload` under any current or previous key. Only its one spelling
 * verifies: base64url's last character of a 16-byte tag carries four padding bits that a decoder
 * ignores, so comparing decoded bytes would let one id pass under four spellings.
 */
export function tagVerifies(label: string, payload: string, tag: string): boolean {
  const given = Buffer.from(tag, "base64url");
  if (given.length !== 16 || given.toString("base64url") !== tag) return false;
  return [...getKeyring().byKid.values()].some((k) => timingSafeEqual(Buffer.from(tagOf(label, payload, k.key), "base64url"), given));
}
