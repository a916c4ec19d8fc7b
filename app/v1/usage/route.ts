import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/usage";
import { getUsage } from "@/lib/quota/quota";

/** Today's quota use against the app's caps, and billable runtime usage of the key's mode. */
export const GET = route(op.getUsage, async ({ auth }) => getUsage(auth.appId, auth.mode));
