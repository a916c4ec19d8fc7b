import { z } from "zod";

/** The longest window GET /v1/usage/history reads: a quarter of days. */
export const HISTORY_MAX_DAYS = 90;

/** GET /v1/usage/history: how many UTC days back, today included. */
export const ZUsageHistoryQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(HISTORY_MAX_DAYS).default(30),
});
