import { getJobView } from "@/lib/generation/jobs";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/jobs";

export const GET = route(op.getJob, async ({ auth, params }) => getJobView(auth, params.jobId));
