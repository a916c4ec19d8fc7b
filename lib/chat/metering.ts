import { z } from "zod";
import { getDb, type DbClient } from "@/lib/db";
import { ApiError } from "@/lib/errors";
import type { Mode } from "@/lib/shared/caller";
import { chatSettings } from "./settings";

/**
 * Chat-time metering per player (docs/runtime.md "Chat time": "a 3-minute free taste for everyone, 2 hours per month on
 * the paid Plus tier, credit overage beyond that"; docs/runtime.md "Chat time"). A player is the
 * token's `userRef`, else its anonymous player id (`ply_…`, lib/sessions/player-id.ts): minting
 * tokens makes no new player. Accounts are per app and mode; live turns draw on them (test turns
 * are never metered). Time is drawn in order from the lifetime free taste, then (Plus) this UTC
 * month's allowance, then credit. Every change locks the player's rows inside one transaction;
 * never read-then-write. The app's owner reads and sets them through `/v1/players` (the Studio's
 * Players page) and the CLI, which call the functions below.
 */
export const CHAT_PLANS = ["free", "plus"] as const;
export const ZChatPlan = z.enum(CHAT_PLANS);
export type ChatPlan = z.infer<typeof ZChatPlan>;

export type ChatStatus = {
  /** The player: a `userRef`, or an anonymous player id (`ply_…`). */
  player: string;
  mode: Mode;
  plan: ChatPlan;
  /** The first day of the current UTC month (YYYY-MM-DD). */
  month: string;
  /** Seconds chatted this month, `free` characters included. */
  monthSeconds: number;
  freeSecondsLeft: number;
  planSecondsLeft: number;
  creditSeconds: number;
  /** All three together: 0 means `say` answers 402. */
  secondsLeft: number;
};

export interface ChatCharge {
  seconds: number;
  fromFree: number;
  fromPlan: number;
  fromCredit: number;
}

/** Whose chat time: a player of an app in a mode. */
export interface ChatPlayer {
  appId: string;
  mode: Mode;
  player: string;
}

/** The first day of the UTC month, as the `month` column stores it. */
export function monthOf(now = new Date()): string {
  return `${now.toISOString().slice(0, 7)}-01`;
}

interface AccountRow {
  plan: string;
  credit_seconds: number;
  free_seconds_used: number;
}
interface UsageRow {
  seconds: number;
  plan_seconds: number;
}

function statusOf(who: ChatPlayer, month: string, account: AccountRow | undefined, usage: UsageRow | undefined): ChatStatus {
  const settings = chatSettings();
  const plan: ChatPlan = account?.plan === "plus" ? "plus" : "free";
  const freeSecondsLeft = Math.max(0, settings.CHAT_FREE_SECONDS - Number(account?.free_seconds_used ?? 0));
  const planSecondsLeft = plan === "plus" ? Math.max(0, settings.CHAT_PLUS_SECONDS_PER_MONTH - Number(usage?.plan_seconds ?? 0)) : 0;
  const creditSeconds = Math.max(0, Number(account?.credit_seconds ?? 0));
  return {
    player: who.player,
    mode: who.mode,
    plan,
    month,
    monthSeconds: Number(usage?.seconds ?? 0),
    freeSecondsLeft,
    planSecondsLeft,
    creditSeconds,
    secondsLeft: freeSecondsLeft + planSecondsLeft + creditSeconds,
  };
}

/** What is left for a player now (no rows are created by reading). */
export async function getChatStatus(who: ChatPlayer, now = new Date(), db?: DbClient): Promise<ChatStatus> {
  const client = db ?? (await getDb());
  const month = monthOf(now);
  const [account] = await client.$queryRaw<AccountRow[]>`
    SELECT plan, credit_seconds, free_seconds_used FROM chat_accounts
    WHERE app_id = ${who.appId}::uuid AND mode = ${who.mode} AND user_ref = ${who.player}`;
  const [usage] = await client.$queryRaw<UsageRow[]>`
    SELECT seconds, plan_seconds FROM chat_usage
    WHERE app_id = ${who.appId}::uuid AND mode = ${who.mode} AND user_ref = ${who.player} AND month = ${month}::date`;
  return statusOf(who, month, account, usage);
}

export function chatTimeUsedUp(status: ChatStatus): ApiError {
  const settings = chatSettings();
  const minutes = (s: number) => (s % 60 === 0 ? `${s / 60} minute${s === 60 ? "" : "s"}` : `${s} s`);
  const plus =
    status.plan === "plus"
      ? `this month's ${minutes(settings.CHAT_PLUS_SECONDS_PER_MONTH)} of Plus time are used up`
      : "the player is not on the Plus plan";
  return new ApiError(
    "quota_exceeded",
    `Chat time is used up for player "${status.player}": the ${minutes(settings.CHAT_FREE_SECONDS)} free taste is spent, ${plus}, and there is no credit left. The app's owner can move the player to Plus or add credit (PATCH /v1/players/{player}, POST /v1/players/{player}/credit, or the Studio's Players page).`,
    {
      chat: {
        plan: status.plan,
        freeSecondsLeft: status.freeSecondsLeft,
        planSecondsLeft: status.planSecondsLeft,
        creditSeconds: status.creditSeconds,
      },
    },
  );
}

/** 402 `quota_exceeded` when the player has no chat time left at all. */
export async function assertChatTimeLeft(who: ChatPlayer): Promise<ChatStatus> {
  const status = await getChatStatus(who);
  if (status.secondsLeft <= 0) throw chatTimeUsedUp(status);
  return status;
}

async function lockAccount(tx: DbClient, who: ChatPlayer): Promise<AccountRow> {
  await tx.$executeRaw`
    INSERT INTO chat_accounts (app_id, mode, user_ref, updated_at) VALUES (${who.appId}::uuid, ${who.mode}, ${who.player}, now())
    ON CONFLICT (app_id, mode, user_ref) DO NOTHING`;
  const [row] = await tx.$queryRaw<AccountRow[]>`
    SELECT plan, credit_seconds, free_seconds_used FROM chat_accounts
    WHERE app_id = ${who.appId}::uuid AND mode = ${who.mode} AND user_ref = ${who.player} FOR UPDATE`;
  return row!;
}

/**
 * Records `seconds` of chat time (inside the caller's transaction). With `charge`: drawn from the
 * free taste first, then Plus time of this month, then credit; a turn that outlasts what was left
 * is charged what was left, and the next one is refused (402). Without (a `free` character): only
 * metered, in the month's seconds, drawing on nothing.
 */
export async function chargeChatTime(
  tx: DbClient,
  who: ChatPlayer,
  seconds: number,
  { now = new Date(), charge = true }: { now?: Date; charge?: boolean } = {},
): Promise<ChatCharge> {
  const settings = chatSettings();
  const month = monthOf(now);
  const account = await lockAccount(tx, who);
  await tx.$executeRaw`
    INSERT INTO chat_usage (app_id, mode, user_ref, month) VALUES (${who.appId}::uuid, ${who.mode}, ${who.player}, ${month}::date)
    ON CONFLICT (app_id, mode, user_ref, month) DO NOTHING`;
  const [usage] = await tx.$queryRaw<UsageRow[]>`
    SELECT seconds, plan_seconds FROM chat_usage
    WHERE app_id = ${who.appId}::uuid AND mode = ${who.mode} AND user_ref = ${who.player} AND month = ${month}::date FOR UPDATE`;
  let rest = charge ? seconds : 0;
  const fromFree = Math.min(rest, Math.max(0, settings.CHAT_FREE_SECONDS - account.free_seconds_used));
  rest -= fromFree;
  const planLeft = account.plan === "plus" ? Math.max(0, settings.CHAT_PLUS_SECONDS_PER_MONTH - (usage?.plan_seconds ?? 0)) : 0;
  const fromPlan = Math.min(rest, planLeft);
  rest -= fromPlan;
  const fromCredit = Math.min(rest, Math.max(0, account.credit_seconds));
  if (fromFree + fromCredit > 0) {
    await tx.$executeRaw`
      UPDATE chat_accounts SET free_seconds_used = free_seconds_used + ${fromFree},
        credit_seconds = credit_seconds - ${fromCredit}, updated_at = now()
      WHERE app_id = ${who.appId}::uuid AND mode = ${who.mode} AND user_ref = ${who.player}`;
  }
  await tx.$executeRaw`
    UPDATE chat_usage SET seconds = seconds + ${seconds}, plan_seconds = plan_seconds + ${fromPlan}
    WHERE app_id = ${who.appId}::uuid AND mode = ${who.mode} AND user_ref = ${who.player} AND month = ${month}::date`;
  return { seconds, fromFree, fromPlan, fromCredit };
}

/** The player's plan (free or plus). */
export async function setChatPlan(who: ChatPlayer, plan: ChatPlan): Promise<ChatStatus> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await lockAccount(tx, who);
    await tx.$executeRaw`UPDATE chat_accounts SET plan = ${plan}, updated_at = now() WHERE app_id = ${who.appId}::uuid AND mode = ${who.mode} AND user_ref = ${who.player}`;
    return getChatStatus(who, new Date(), tx);
  });
}

/** Adds (or, negative, removes) credit seconds; the balance never goes below 0. */
export async function addChatCredit(who: ChatPlayer, seconds: number): Promise<ChatStatus> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await lockAccount(tx, who);
    await tx.$executeRaw`
      UPDATE chat_accounts SET credit_seconds = GREATEST(0, credit_seconds + ${seconds}), updated_at = now()
      WHERE app_id = ${who.appId}::uuid AND mode = ${who.mode} AND user_ref = ${who.player}`;
    return getChatStatus(who, new Date(), tx);
  });
}
