import { operation } from "../operation";

export const getUsage = operation({
  method: "GET",
  path: "/v1/usage",
  tag: "Usage",
  operationId: "getUsage",
  summary: "Retrieve today's usage",
  description: "Today's (UTC) use of each daily quota kind against the app's effective cap, and the billable runtime usage of the key's mode (test mode is never billed).",
  auth: "key",
  scope: "usage:read",
  responses: { 200: { description: "Usage.", schema: "Usage" } },
});

/** In the order of the document. */
export const USAGE = [getUsage];
