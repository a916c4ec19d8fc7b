import { ZSceneBody, ZSeedFrameBody } from "@/lib/media/seed-frame";
import { ZIdParams } from "@/lib/shared/params";
import { operation } from "../operation";

export const paintSeedFrame = operation({
  method: "POST",
  path: "/v1/seed-frame",
  tag: "Media",
  operationId: "paintSeedFrame",
  summary: "Paint a 16:9 seed frame",
  description:
    "Metered as `seed_frame`, reserved before the painter runs and given back if painting fails. Test keys get a deterministic mock frame (`mock: true`).",
  auth: "key",
  scope: "media:write",
  idempotency: "seed-frame",
  body: ZSeedFrameBody,
  responses: { 200: { description: "The frame, inline and hosted.", schema: "SeedFrame" } },
  errors: {
    quota_exceeded: "the app's daily `seed_frame` quota is used up",
    upstream_failed: "the painter failed; nothing was charged",
    unavailable: "the quota store is unreachable",
  },
});

export const paintScene = operation({
  method: "POST",
  path: "/v1/worlds/{id}/scenes",
  tag: "Media",
  operationId: "paintScene",
  summary: "Paint a world's next scene",
  description:
    "Paints a 16:9 frame from the world's stored `subjectRef` (and a state's prose, with `stateId`). Metered as `seed_frame`. The graph is not changed: set the frame with an op if you keep it.",
  auth: "key",
  scope: "media:write",
  idempotency: "scene",
  params: ZIdParams,
  body: ZSceneBody,
  bodyOptional: true,
  responses: { 200: { description: "The frame.", schema: "ScenePainted" } },
  errors: {
    not_found: "no world with this id in the key's app and mode",
    invalid_request: "a malformed body, or `stateId` names no state",
    validation_failed: "the world has no `subjectRef`",
    quota_exceeded: "the app's daily `seed_frame` quota is used up",
    upstream_failed: "the painter failed; nothing was charged",
  },
});

/** In the order of the document. */
export const MEDIA = [paintSeedFrame, paintScene];
