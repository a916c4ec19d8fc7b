import { z } from "zod";
import { MODES } from "@/lib/shared/caller";
import { QUOTA_KINDS } from "@/lib/quota/quota";
import { body, ZUuid } from "./response-parts";

// The response body of GET /v1/usage/history (docs/usage.md); beside responses.ts, spread into
// its RESPONSE_SCHEMAS.

const ZDay = z.iso.date().describe("a UTC day");
const ZSeconds = { sessionSeconds: z.number().int().min(0), chatSeconds: z.number().int().min(0) };

export const ZUsageHistory = body({
  mode: z.enum(MODES).describe("the key's mode: billing and runtime are per mode, quotas per app"),
  from: ZDay,
  to: ZDay.describe("today in UTC"),
  billingEnabled: z.boolean().describe("the server's BILLING_ENABLED: whether live play time is billable"),
  days: z
    .array(
      z.object({
        day: ZDay,
        quotas: z.record(z.enum(QUOTA_KINDS), z.number().int().min(0)).describe("units used per quota kind (per app)"),
        billing: z.object({ ...ZSeconds, scenarioClips: z.number().int().min(0) }).describe("the billing ledger's amounts"),
        runtime: z.object(ZSeconds).describe("runtime metered, billed or not"),
      }),
    )
    .describe("every day of the window, oldest first (zeros included)"),
  worlds: z
    .array(
      z.object({
        id: ZUuid,
        name: z.string().nullable().describe("null: the world was deleted since"),
        kind: z.enum(["world", "character"]).nullable(),
        ...ZSeconds,
        days: z.array(z.object({ day: ZDay, ...ZSeconds })).describe("the days it had time, oldest first"),
      }),
    )
    .describe("worlds and characters with runtime in the window, most time first"),
  ledger: z
    .array(
      z.object({
        day: ZDay,
        mode: z.enum(MODES),
        metric: z.enum(["session_seconds", "chat_seconds", "scenario_clip"]),
        amount: z.number().int().min(0),
      }),
    )
    .describe("the billing ledger's rows of the window as stored, by day and metric (what the Studio's CSV export writes)"),
});

export const USAGE_RESPONSE_SCHEMAS = { UsageHistory: ZUsageHistory };
