import { z } from "zod";
import { TtlCache } from "@/lib/cache/ttl-cache";
import { getDb, type DbClient } from "@/lib/db";
import type { ApiKey } from "@/lib/db/generated/client";
import { getEnv } from "@/lib/config/env";
import { notFound } from "@/lib/errors";
import { MODES, type Mode } from "@/lib/shared/caller";
import { generateKeyString, hashKey, KEY_KINDS, parseKeyString, type KeyKind } from "./key-string";
import { flushKeyUsage, noteKeyUsed, setKeyUsageFlushListener } from "./last-used";
import { ZScope, type Scope } from "./scopes";

export const ZCreateKey = z.strictObject({
  kind: z.enum(KEY_KINDS),
  mode: z.enum(MODES).optional().describe("default: the app's `defaultMode`"),
  name: z.string().trim().max(100).optional(),
  scopes: z.array(ZScope).max(20).optional(),
});
export type CreateKeyInput = z.infer<typeof ZCreateKey>;

/** Key metadata as the API shows it (docs/api.md "Apps and keys"); never the secret or its hash. */
export function serializeKey(key: ApiKey) {
  return {
    id: key.id,
    prefix: key.prefix,
    last4: key.last4,
    kind: key.kind as KeyKind,
    mode: key.mode as Mode,
    scopes: key.scopes as Scope[],
    name: key.name,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}
export type KeyMetadata = ReturnType<typeof serializeKey>;

/** Creates a key; the only time its secret is returned. */
export async function createKey(appId: string, input: CreateKeyInput & { mode: Mode }, db?: DbClient) {
  const client = db ?? (await getDb());
  const { key, prefix, last4, hash } = generateKeyString(input.kind, input.mode);
  const row = await client.apiKey.create({
    data: {
      appId,
      kind: input.kind,
      mode: input.mode,
      prefix,
      last4,
      secretHash: hash,
      name: input.name ?? "",
      scopes: input.scopes ?? [],
    },
  });
  keyLists.delete(appId);
  return { ...serializeKey(row), secret: key };
}

/**
 * Key lists are cached per app for KEY_CACHE_TTL_MS and dropped when this process creates or
 * revokes a key or writes usage times; other servers' changes show within the TTL.
 */
const keyLists = new TtlCache<string, KeyMetadata[]>(10_000);
setKeyUsageFlushListener(() => keyLists.clear());

export async function listKeys(appId: string): Promise<KeyMetadata[]> {
  await flushKeyUsage();
  const cached = keyLists.get(appId);
  if (cached) return cached;
  const db = await getDb();
  const rows = await db.apiKey.findMany({ where: { appId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  const keys = rows.map(serializeKey);
  keyLists.set(appId, keys, getEnv().KEY_CACHE_TTL_MS);
  return keys;
}

export async function revokeKey(appId: string, keyId: string): Promise<KeyMetadata> {
  const db = await getDb();
  const existing = await db.apiKey.findFirst({ where: { id: keyId, appId } });
  if (!existing) throw notFound("Key");
  // Revoking twice keeps the first time.
  const row = existing.revokedAt ? existing : await db.apiKey.update({ where: { id: keyId }, data: { revokedAt: new Date() } });
  forgetResolvedKey(row.secretHash);
  keyLists.delete(appId);
  return serializeKey(row);
}

export interface ResolvedKey {
  keyId: string;
  appId: string;
  kind: KeyKind;
  mode: Mode;
  scopes: Scope[];
}

/**
 * Resolved keys are cached for KEY_CACHE_TTL_MS so that authentication costs no query on the
 * hot path. A revocation clears this process's entry at once; other processes (PostgreSQL
 * deployments with several servers) see it within the TTL.
 */
const cache = new Map<string, { key: ResolvedKey | null; expires: number }>();
const CACHE_MAX = 10_000;

function forgetResolvedKey(hash: string): void {
  cache.delete(hash);
}

/** The live (unrevoked) key for a key string, or null. */
export async function resolveKey(keyString: string): Promise<ResolvedKey | null> {
  if (!parseKeyString(keyString)) return null;
  const hash = hashKey(keyString);
  const now = Date.now();
  const hit = cache.get(hash);
  let resolved: ResolvedKey | null;
  if (hit && hit.expires > now) {
    resolved = hit.key;
  } else {
    const db = await getDb();
    const row = await db.apiKey.findUnique({ where: { secretHash: hash } });
    resolved =
      row && !row.revokedAt
        ? { keyId: row.id, appId: row.appId, kind: row.kind as KeyKind, mode: row.mode as Mode, scopes: row.scopes as Scope[] }
        : null;
    const ttl = getEnv().KEY_CACHE_TTL_MS;
    if (ttl > 0) {
      if (cache.size >= CACHE_MAX) cache.clear();
      cache.set(hash, { key: resolved, expires: now + ttl });
    }
  }
  if (resolved) noteKeyUsed(resolved.keyId, getDb);
  return resolved;
}
