import { cancelJobView } from "@/lib/generation/jobs";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/jobs";

export const POST = route(op.cancelJob, async ({ auth, params }) => cancelJobView(auth, params.jobId));
