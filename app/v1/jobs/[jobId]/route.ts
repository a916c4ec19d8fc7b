import { getJobOrThrow, serializeJob } from "@/lib/generation/jobs";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/jobs";

export const GET = route({
  ...op.getJob,
  handler: async ({ auth, params }) => serializeJob(await getJobOrThrow(auth, params.jobId)),
});
