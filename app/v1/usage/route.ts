import { route } from "@/lib/http/route";
import { getUsage } from "@/lib/quota/quota";

/** Today's quota use against the app's caps, and billable runtime usage of the key's mode. */
export const GET = route({
  auth: "key",
  scope: "usage:read",
  handler: async ({ auth }) => getUsage(auth.appId, auth.mode),
});
