import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/usage";
import { getUsageHistory } from "@/lib/quota/history";

/** The last days of quota use, billing and runtime of the key's mode, per day and per world. */
export const GET = route(op.getUsageHistory, async ({ auth, query }) => getUsageHistory(auth.appId, auth.mode, query.days));
