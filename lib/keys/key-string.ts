import { createHash, randomBytes } from "node:crypto";
import type { Mode } from "@/lib/shared/caller";

export const KEY_KINDS = ["secret", "publishable"] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

const PREFIX_BY_KIND: Record<KeyKind, string> = { secret: "sk", publishable: "pk" };
const KEY_PATTERN = /^(sk|pk)_(test|live)_([0-9A-Za-z]{43})$/;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** 43 base62 characters ≈ 256 bits; rejection sampling keeps every character uniform. */
function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function keyPrefix(kind: KeyKind, mode: Mode): string {
  return `${PREFIX_BY_KIND[kind]}_${mode}_`;
}

export function generateKeyString(kind: KeyKind, mode: Mode) {
  const prefix = keyPrefix(kind, mode);
  const key = prefix + randomBase62(43);
  return { key, prefix, last4: key.slice(-4), hash: hashKey(key) };
}

/** The kind and mode a key string claims, or null when it is not shaped like one of our keys. */
export function parseKeyString(value: string): { kind: KeyKind; mode: Mode } | null {
  const match = KEY_PATTERN.exec(value);
  if (!match) return null;
  return { kind: match[1] === "sk" ? "secret" : "publishable", mode: match[2] as Mode };
}

/** Anything that starts like a key, well formed or not (used to refuse keys on USER routes). */
export function looksLikeKey(value: string): boolean {
  return /^(sk|pk)_/.test(value);
}
