import { cancelJob, serializeJob, ZJobParams } from "@/lib/generation/jobs";
import { route } from "@/lib/http/route";

export const POST = route({
  auth: "key",
  scope: "worlds:write",
  params: ZJobParams,
  handler: async ({ auth, params }) => serializeJob(await cancelJob(auth, params.jobId)),
});
