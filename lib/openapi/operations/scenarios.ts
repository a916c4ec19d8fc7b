import { ZBatchListQuery, ZBatchParams, ZClipParams, ZCreateBatchBody } from "@/lib/scenarios/requests";
import { operation } from "../operation";

const notFoundBatch = { not_found: "no scenario batch with this id in the key's app and mode" } as const;
const notFoundClip = { not_found: "no scenario batch with this id in the key's app and mode, or no such clip in it" } as const;

export const createScenarioBatch = operation({
  method: "POST",
  path: "/v1/scenario-batches",
  tag: "Scenarios",
  operationId: "createScenarioBatch",
  summary: "Submit a batch of clips",
  description: [
    "1..100 clips over one world of the key's app and mode. A `variation` walks `path` from `from` with `apply` (weather, time of day, a state variant, a note) on every frame; a `counterfactual` rewrites one event of its path (`replace`) for that clip only, and the kernel gate must accept the rewritten graph. Every clip is planned against the world's current graph before anything is stored: a clip that cannot be planned (an unknown state or event, a refused counterfactual) is a 422 whose `errors` name it (`clips[3]: …`), and no batch is created.",
    'The batch renders against the graph revision it was submitted with (`rev`), whatever the world becomes while it runs. A durable job renders each clip (one frame per state, an animated GIF preview), verifies it (`path`, `reach`, `visible:<label>`, `absent:<label>`, `subject`) and settles it: `review: "auto"` accepts a clip that passes and rejects the rest; `manual` leaves a passing clip `pending_review` for POST …/accept or …/reject.',
    "Nothing is charged at submit. A live clip is charged once (one `scenario_clip` in the billing ledger) when it is accepted; rejected, failed and cancelled clips never are. A test key runs the same job with the deterministic mock painter and is never charged. `Idempotency-Key` replays the first answer without a second batch.",
  ].join("\n\n"),
  auth: "key",
  scope: "scenarios:write",
  idempotency: "scenario-batch",
  body: ZCreateBatchBody,
  responses: { 202: { description: "The batch, queued.", schema: "BatchStarted" } },
  errors: {
    invalid_request:
      "a body that does not parse: no clips or over 100, an unknown `kind`, a counterfactual without `replace`, an unknown field",
    not_found: "`worldId` names no world of the key's app and mode",
    validation_failed:
      "a clip cannot be planned on the world's graph; `errors` names each such clip (`clips[i]: …`), `diagnostics` the gate's findings on a refused counterfactual",
    unavailable: "the job could not be queued; nothing was created",
  },
});

export const listScenarioBatches = operation({
  method: "GET",
  path: "/v1/scenario-batches",
  tag: "Scenarios",
  operationId: "listScenarioBatches",
  summary: "List scenario batches",
  description:
    "The batches of the key's app and mode, newest first, `limit` 1..100 (default 20). `cursor` is the `createdAt` of the previous page's last batch, exactly as returned (`nextCursor`); `nextCursor` is null on the last page. A batch's `createdAt` is unique within its app and mode, so paging by it never skips or repeats a batch.",
  auth: "key",
  scope: "scenarios:read",
  query: ZBatchListQuery,
  responses: { 200: { description: "A page of batches.", schema: "BatchList" } },
  errors: { invalid_request: "`limit` outside 1..100, or a `cursor` that is not an ISO-8601 UTC time with milliseconds" },
});

export const getScenarioBatch = operation({
  method: "GET",
  path: "/v1/scenario-batches/{id}",
  tag: "Scenarios",
  operationId: "getScenarioBatch",
  summary: "Retrieve a scenario batch",
  description: "The batch summary and its clips in request order: status, frames, preview, verification and whether each was charged.",
  auth: "key",
  scope: "scenarios:read",
  params: ZBatchParams,
  responses: { 200: { description: "The batch with its clips.", schema: "BatchBody" } },
  errors: notFoundBatch,
});

export const cancelScenarioBatch = operation({
  method: "POST",
  path: "/v1/scenario-batches/{id}/cancel",
  tag: "Scenarios",
  operationId: "cancelScenarioBatch",
  summary: "Cancel a scenario batch",
  description:
    "A `queued` or `running` batch becomes `cancelled` with every clip not yet settled (a clip `pending_review` stays reviewable); the job renders no further clip, and a cancelled clip is never charged. Answers the batch with its clips.",
  auth: "key",
  scope: "scenarios:write",
  params: ZBatchParams,
  bodyOptional: true,
  responses: { 200: { description: "The cancelled batch.", schema: "BatchBody" } },
  errors: { ...notFoundBatch, conflict: "the batch has already completed, failed or been cancelled" },
});

export const acceptScenarioClip = operation({
  method: "POST",
  path: "/v1/scenario-batches/{id}/clips/{clipId}/accept",
  tag: "Scenarios",
  operationId: "acceptScenarioClip",
  summary: "Accept a clip pending review",
  description:
    "Manual review only: a `pending_review` clip becomes `accepted`; a live clip is charged once (one `scenario_clip` ledger row), in the same transaction. A second accept is a 409 and charges nothing.",
  auth: "key",
  scope: "scenarios:write",
  params: ZClipParams,
  bodyOptional: true,
  responses: { 200: { description: "The clip.", schema: "ClipBody" } },
  errors: { ...notFoundClip, conflict: "the batch reviews automatically, or the clip is not `pending_review`" },
});

export const rejectScenarioClip = operation({
  method: "POST",
  path: "/v1/scenario-batches/{id}/clips/{clipId}/reject",
  tag: "Scenarios",
  operationId: "rejectScenarioClip",
  summary: "Reject a clip pending review",
  description: "Manual review only: a `pending_review` clip becomes `rejected`. Never charged.",
  auth: "key",
  scope: "scenarios:write",
  params: ZClipParams,
  bodyOptional: true,
  responses: { 200: { description: "The clip.", schema: "ClipBody" } },
  errors: { ...notFoundClip, conflict: "the batch reviews automatically, or the clip is not `pending_review`" },
});

/** In the order of the document. */
export const SCENARIOS = [
  createScenarioBatch,
  listScenarioBatches,
  getScenarioBatch,
  cancelScenarioBatch,
  acceptScenarioClip,
  rejectScenarioClip,
];
