import { ZUsageHistoryQuery } from "@/lib/quota/requests";
import { operation } from "../operation";

export const getUsage = operation({
  method: "GET",
  path: "/v1/usage",
  tag: "Usage",
  operationId: "getUsage",
  summary: "Retrieve today's usage",
  description:
    "Today's (UTC) use of each daily quota kind against the app's effective cap, the billable usage of the key's mode (`billing`; live play time only while the server's BILLING_ENABLED is on, test mode never), and the runtime metered whether billed or not (`runtime`).",
  auth: "key",
  scope: "usage:read",
  responses: { 200: { description: "Usage.", schema: "Usage" } },
});

export const getUsageHistory = operation({
  method: "GET",
  path: "/v1/usage/history",
  tag: "Usage",
  operationId: "getUsageHistory",
  summary: "Retrieve daily usage",
  description:
    "The last `days` UTC days (default 30, at most 90; today included, oldest first): quota units used per kind, the billing ledger's amounts and runtime seconds of the key's mode, per day and per world, and the ledger's rows as stored.",
  auth: "key",
  scope: "usage:read",
  query: ZUsageHistoryQuery,
  responses: { 200: { description: "Daily usage.", schema: "UsageHistory" } },
});

/** In the order of the document. */
export const USAGE = [getUsage, getUsageHistory];
