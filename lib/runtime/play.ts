import { isCampaignChapterWorld } from "@/lib/campaigns/chapters";
import { getDb } from "@/lib/db";
import { findWorldRow, type WorldRow } from "@/lib/worlds/row";
import type { SessionCredential } from "@/lib/sessions/credential";
import { notFound, unauthorized } from "@/lib/errors";
import { getProvider, prepareLocalBrain } from "@/lib/ai";
import { chatCharacterOf, publicGraph, readProfile } from "@/lib/characters/profile";
import { signPublicSessionId } from "@/lib/sessions/public-id";
import type { Mode } from "@/lib/shared/caller";
import { signSessionToken, type SessionKind } from "@/lib/sessions/token";
import { unchangedSinceRev } from "@/lib/worlds/serialize";
import { forgetWorld, readWorld } from "@/lib/worlds/world-cache";
import { addToLedger } from "./ledger";
import { playerCuesOf } from "./manifests";
import { HEARTBEAT_MAX_SECONDS, type HeartbeatBody } from "./requests";
import { startSessionOnce } from "./sessions";

/** Anonymous sessions of public worlds last an hour; the player fetches a new one after that. */
export const PUBLIC_SESSION_TTL_SECONDS = 3600;

/** The world or character of a session token: another app's or mode's is a 401, a deleted one a 404. */
export async function worldForSession(auth: SessionCredential): Promise<WorldRow> {
  const id = auth.subjectId;
  const row = await readWorld(id);
  if (!row) throw notFound(auth.kind === "character" ? "Character" : "World");
  if (row.appId !== auth.appId || row.mode !== auth.mode || row.kind !== auth.kind) {
    throw unauthorized("This session token is not valid for this world (another app, mode or kind); mint a new one.");
  }
  return row;
}

/** Whether players may like the world: live and playable by anyone with its link (docs/explore.md). */
export function isLikeable(row: Pick<WorldRow, "mode" | "visibility">): boolean {
  return row.mode === "live" && (row.visibility === "public" || row.visibility === "unlisted");
}

/**
 * What the embed player boots from: the graph (a character's brain stripped), name, mode, rev,
 * the session id, the like count, and the cues that move and sound each state (scene-cues.ts).
 */
async function runtimeView(row: WorldRow, sessionId: string) {
  const world = publicGraph(row.graph);
  return {
    id: row.id,
    kind: row.kind as SessionKind,
    name: row.name,
    mode: row.mode as Mode,
    rev: row.rev,
    sessionId,
    likeCount: row.likeCount,
    likeable: isLikeable(row),
    world,
    cues: await playerCuesOf(world),
  };
}

/**
 * The character page boots from this view and the player reads the greeting before a first line:
 * the local brain reads the character's persona and lore meanwhile (once per process), after this
 * answer is sent, so the first talk turn does not wait for it.
 */
function prepareBrainSoon(row: WorldRow): void {
  if (getProvider(row.mode === "test" ? "test" : "live").name !== "local") return;
  const profile = readProfile(row.graph);
  if (profile) setImmediate(() => prepareLocalBrain(chatCharacterOf(row.name, profile)));
}

/**
 * A chapter of the token's campaign (docs/campaigns.md "One session for the campaign"): a token
 * minted for one chapter world opens every other chapter world of the same campaign (same app,
 * mode and `campaign_id`), so "Next chapter" goes on in the same session. An anonymous token of a
 * public chapter opens only the campaign's public chapters. Anything else is a 401, as for any
 * wrongly scoped token; a chapter that does not exist (yet) is a 404 only to a token of its campaign.
 */
async function chapterForSession(auth: SessionCredential, worldId: string): Promise<WorldRow> {
  const own = await worldForSession(auth);
  const refuse = () =>
    unauthorized(
      "This session token is not valid for this world: it opens its own world and the other chapters of that world's campaign only.",
    );
  if (own.campaignId === null) throw refuse();
  const row = await readWorld(worldId);
  if (!row) {
    if (await isCampaignChapterWorld(own.campaignId, worldId)) throw notFound("World");
    throw refuse();
  }
  const sameCampaign = row.campaignId === own.campaignId && row.appId === auth.appId && row.mode === auth.mode && row.kind === "world";
  if (!sameCampaign || (auth.public && (row.visibility !== "public" || row.mode !== "live"))) throw refuse();
  return row;
}

/** GET /v1/runtime/world: the token's world, or with `worldId` another chapter of its campaign. */
export async function getRuntimeWorld(auth: SessionCredential, worldId?: string) {
  const row = worldId === undefined || worldId === auth.subjectId ? await worldForSession(auth) : await chapterForSession(auth, worldId);
  if (row.kind === "character") prepareBrainSoon(row);
  // The rev stands for the graph and name; the like count moves `updatedAt` only, so a 304 to the
  // rev is safe only while nothing else moved (lib/worlds/serialize.ts `unchangedSinceRev`).
  return { body: await runtimeView(row, auth.sessionId), revCoversBody: unchangedSinceRev(row) };
}

/**
 * GET /v1/runtime/public/{slug}: a public live world (or character) by slug, for an anonymous
 * player: a public session id (`pub_…`, self-verifying: heartbeats may send it alone) and a
 * session token with the same session (for talk turns, or heartbeats as a bearer). Private,
 * unlisted and test worlds: 404.
 */
export async function getPublicRuntimeWorld(slug: string) {
  const row = await findWorldRow({ slug, visibility: "public", mode: "live" });
  if (!row) throw notFound("World");
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const kind = row.kind as SessionKind;
  const sessionId = signPublicSessionId({
    worldId: row.id,
    appId: row.appId,
    kind,
    issuedAt: now,
    expiresAt: new Date(now.getTime() + PUBLIC_SESSION_TTL_SECONDS * 1000),
  });
  const { token, claims } = await signSessionToken({
    subjectId: row.id,
    kind,
    appId: row.appId,
    mode: "live",
    public: true,
    sessionId,
    ttlSeconds: PUBLIC_SESSION_TTL_SECONDS,
    now,
  });
  return { row, body: { ...(await runtimeView(row, claims.sessionId)), token, expiresAt: claims.expiresAt.toISOString() } };
}

/**
 * POST /v1/runtime/heartbeat: records live play time. The session's first heartbeat starts it
 * (and counts the world's session connect, once). Each heartbeat credits at most
 * HEARTBEAT_MAX_SECONDS, and a session's credited total never exceeds the wall time since its
 * token was minted, so a client cannot inflate it; the credited seconds go on the world's meter,
 * and on the app's `session_seconds` ledger when billable (live mode while BILLING_ENABLED; test
 * usage is never billed); `billed` says which. One transaction.
 */
export async function recordHeartbeat(auth: SessionCredential, body: HeartbeatBody) {
  if (body.sessionId !== auth.sessionId) throw unauthorized("sessionId is not the session of this token.");
  await worldForSession(auth);
  const now = new Date();
  const db = await getDb();
  const result = await db.$transaction(async (tx) => {
    const started = await startSessionOnce(tx, auth, now);
    const [session] = await tx.$queryRaw<{ play_seconds: number; started_at: Date }[]>`
      SELECT play_seconds, started_at FROM runtime_sessions WHERE id = ${auth.sessionId} FOR UPDATE`;
    const played = session?.play_seconds ?? 0;
    const elapsed = Math.ceil((now.getTime() - (session?.started_at ?? now).getTime()) / 1000);
    const credit = Math.max(0, Math.min(Math.floor(body.seconds), HEARTBEAT_MAX_SECONDS, elapsed - played));
    await tx.$executeRaw`
      UPDATE runtime_sessions SET play_seconds = play_seconds + ${credit}, last_heartbeat_at = ${now} WHERE id = ${auth.sessionId}`;
    const billed = await addToLedger(
      tx,
      { appId: auth.appId, worldId: auth.subjectId, mode: auth.mode, metric: "session_seconds", seconds: credit },
      now,
    );
    return { started, credit, total: played + credit, billed };
  });
  if (result.started) forgetWorld(auth.subjectId);
  return { ok: true as const, sessionId: auth.sessionId, seconds: result.credit, totalSeconds: result.total, billed: result.billed };
}
