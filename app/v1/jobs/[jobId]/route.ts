import { getJobOrThrow, serializeJob, ZJobParams } from "@/lib/generation/jobs";
import { route } from "@/lib/http/route";

export const GET = route({
  auth: "key",
  scope: "worlds:read",
  params: ZJobParams,
  handler: async ({ auth, params }) => serializeJob(await getJobOrThrow(auth, params.jobId)),
});
