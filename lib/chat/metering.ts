import { z } from "zod";
import { getDb, type DbClient } from "@/lib/db";
import { ApiError } from "@/lib/errors";
import { chatSettings } from "./settings";

/**
 * Chat-time metering per end user (spec: "a 3-minute free taste for everyone, 2 hours per month
 * on the paid Plus tier, credit overage beyond that"; docs/runtime.md "Chat time"). Live mode
 * only. An end user is the token's `userRef`, or its session id when it has none. Time is drawn
 * in order from the lifetime free taste, then (Plus) this UTC month's allowance, then credit.
 * Every change locks the user's rows inside the caller's transaction; never read-then-write.
 */
export const CHAT_PLANS = ["free", "plus"] as const;
export const ZChatPlan = z.enum(CHAT_PLANS);
export type ChatPlan = z.infer<typeof ZChatPlan>;

export interface ChatStatus {
  appId: string;
  userRef: string;
  plan: ChatPlan;
  /** The first day of the current UTC month (YYYY-MM-DD). */
  month: string;
  monthSeconds: number;
  freeSecondsLeft: number;
  planSecondsLeft: number;
  creditSeconds: number;
  /** All three together: 0 means `say` answers 402. */
  secondsLeft: number;
}

export interface ChatCharge {
  seconds: number;
  fromFree: number;
  fromPlan: number;
  fromCredit: number;
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

function statusOf(appId: string, userRef: string, month: string, account: AccountRow | undefined, usage: UsageRow | undefined): ChatStatus {
  const settings = chatSettings();
  const plan: ChatPlan = account?.plan === "plus" ? "plus" : "free";
  const freeSecondsLeft = Math.max(0, settings.CHAT_FREE_SECONDS - Number(account?.free_seconds_used ?? 0));
  const planSecondsLeft = plan === "plus" ? Math.max(0, settings.CHAT_PLUS_SECONDS_PER_MONTH - Number(usage?.plan_seconds ?? 0)) : 0;
  const creditSeconds = Math.max(0, Number(account?.credit_seconds ?? 0));
  return {
    appId,
    userRef,
    plan,
    month,
    monthSeconds: Number(usage?.seconds ?? 0),
    freeSecondsLeft,
    planSecondsLeft,
    creditSeconds,
    secondsLeft: freeSecondsLeft + planSecondsLeft + creditSeconds,
  };
}

/** What is left for a user now (no rows are created by reading). */
export async function getChatStatus(appId: string, userRef: string, now = new Date(), db?: DbClient): Promise<ChatStatus> {
  const client = db ?? (await getDb());
  const month = monthOf(now);
  const [account] = await client.$queryRaw<AccountRow[]>`
    SELECT plan, credit_seconds, free_seconds_used FROM chat_accounts WHERE app_id = ${appId}::uuid AND user_ref = ${userRef}`;
  const [usage] = await client.$queryRaw<UsageRow[]>`
    SELECT seconds, plan_seconds FROM chat_usage WHERE app_id = ${appId}::uuid AND user_ref = ${userRef} AND month = ${month}::date`;
  return statusOf(appId, userRef, month, account, usage);
}

export function chatTimeUsedUp(status: ChatStatus): ApiError {
  const settings = chatSettings();
  const minutes = (s: number) => (s % 60 === 0 ? `${s / 60} minute${s === 60 ? "" : "s"}` : `${s} s`);
  const plus = status.plan === "plus" ? `this month's ${minutes(settings.CHAT_PLUS_SECONDS_PER_MONTH)} of Plus time are used up` : "the user is not on the Plus plan";
  return new ApiError(
    "quota_exceeded",
    `Chat time is used up for end user "${status.userRef}": the ${minutes(settings.CHAT_FREE_SECONDS)} free taste is spent, ${plus}, and there is no credit left. Move the user to Plus or add credit (npm run worlds -- chat plan set / chat credit add).`,
    { chat: { plan: status.plan, freeSecondsLeft: status.freeSecondsLeft, planSecondsLeft: status.planSecondsLeft, creditSeconds: status.creditSeconds } },
  );
}

/** 402 `quota_exceeded` when the user has no chat time left at all. */
export async function assertChatTimeLeft(appId: string, userRef: string): Promise<ChatStatus> {
  const status = await getChatStatus(appId, userRef);
  if (status.secondsLeft <= 0) throw chatTimeUsedUp(status);
  return status;
}

async function lockAccount(tx: DbClient, appId: string, userRef: string): Promise<AccountRow> {
  await tx.$executeRaw`
    INSERT INTO chat_accounts (app_id, user_ref, updated_at) VALUES (${appId}::uuid, ${userRef}, now())
    ON CONFLICT (app_id, user_ref) DO NOTHING`;
  const [row] = await tx.$queryRaw<AccountRow[]>`
    SELECT plan, credit_seconds, free_seconds_used FROM chat_accounts
    WHERE app_id = ${appId}::uuid AND user_ref = ${userRef} FOR UPDATE`;
  return row!;
}

/**
 * Draws `seconds` of chat time (inside the caller's transaction): free taste first, then Plus
 * time of this month, then credit. A turn that outlasts what was left is charged what was left;
 * the next one is refused (402).
 */
export async function chargeChatTime(tx: DbClient, appId: string, userRef: string, seconds: number, now = new Date()): Promise<ChatCharge> {
  const settings = chatSettings();
  const month = monthOf(now);
  const account = await lockAccount(tx, appId, userRef);
  await tx.$executeRaw`
    INSERT INTO chat_usage (app_id, user_ref, month) VALUES (${appId}::uuid, ${userRef}, ${month}::date)
    ON CONFLICT (app_id, user_ref, month) DO NOTHING`;
  const [usage] = await tx.$queryRaw<UsageRow[]>`
    SELECT seconds, plan_seconds FROM chat_usage
    WHERE app_id = ${appId}::uuid AND user_ref = ${userRef} AND month = ${month}::date FOR UPDATE`;
  let rest = seconds;
  const fromFree = Math.min(rest, Math.max(0, settings.CHAT_FREE_SECONDS - account.free_seconds_used));
  rest -= fromFree;
  const planLeft = account.plan === "plus" ? Math.max(0, settings.CHAT_PLUS_SECONDS_PER_MONTH - (usage?.plan_seconds ?? 0)) : 0;
  const fromPlan = Math.min(rest, planLeft);
  rest -= fromPlan;
  const fromCredit = Math.min(rest, Math.max(0, account.credit_seconds));
  await tx.$executeRaw`
    UPDATE chat_accounts SET free_seconds_used = free_seconds_used + ${fromFree},
      credit_seconds = credit_seconds - ${fromCredit}, updated_at = now()
    WHERE app_id = ${appId}::uuid AND user_ref = ${userRef}`;
  await tx.$executeRaw`
    UPDATE chat_usage SET seconds = seconds + ${seconds}, plan_seconds = plan_seconds + ${fromPlan}
    WHERE app_id = ${appId}::uuid AND user_ref = ${userRef} AND month = ${month}::date`;
  return { seconds, fromFree, fromPlan, fromCredit };
}

/** CLI `chat plan set`: the user's plan (free or plus). */
export async function setChatPlan(appId: string, userRef: string, plan: ChatPlan): Promise<ChatStatus> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await lockAccount(tx, appId, userRef);
    await tx.$executeRaw`UPDATE chat_accounts SET plan = ${plan}, updated_at = now() WHERE app_id = ${appId}::uuid AND user_ref = ${userRef}`;
    return getChatStatus(appId, userRef, new Date(), tx);
  });
}

/** CLI `chat credit add`: adds (or, negative, removes) credit seconds; the balance never goes below 0. */
export async function addChatCredit(appId: string, userRef: string, seconds: number): Promise<ChatStatus> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await lockAccount(tx, appId, userRef);
    await tx.$executeRaw`
      UPDATE chat_accounts SET credit_seconds = GREATEST(0, credit_seconds + ${seconds}), updated_at = now()
      WHERE app_id = ${appId}::uuid AND user_ref = ${userRef}`;
    return getChatStatus(appId, userRef, new Date(), tx);
  });
}
