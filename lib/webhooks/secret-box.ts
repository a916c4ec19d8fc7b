import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getSecrets } from "@/lib/config/secrets";

/**
 * Endpoint signing secrets at rest. Deliveries must sign with the secret itself, so it cannot
 * be stored as a hash; it is sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the
 * server's auth secret (AUTH_SECRET, or the one generated into DATA_DIR/secrets.json). A copy
 * of the database alone does not reveal it. Changing AUTH_SECRET makes the stored secrets
 * unreadable: deliveries to those endpoints fail until they are registered again.
 *
 * Format: `v1.<iv>.<tag>.<ciphertext>`, base64url parts; the version names the key derivation.
 */
const VERSION = "v1";

function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", getSecrets().authSecret, "programmable-worlds", "webhook-signing-secret/v1", 32));
}

export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

export function openSecret(stored: string): string {
  const [version, iv, tag, sealed] = stored.split(".");
  if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error("The stored webhook secret has an unknown format.");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  try {
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new Error("The stored webhook secret cannot be opened: the server's AUTH_SECRET changed since it was sealed.");
  }
}
