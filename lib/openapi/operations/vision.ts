import { MAX_FRAME_BYTES, MAX_VISION_BODY_BYTES, ZCheckBody, ZDescribeBody, ZGroundBody } from "@/lib/vision/requests";
import { operation, type BodyLimit } from "../operation";
import { byteSize } from "./common";

/** A frame of MAX_FRAME_BYTES as base64, with room for the rest of the body. */
const frameBodyLimit: BodyLimit = { bytes: MAX_VISION_BODY_BYTES, text: `what a ${byteSize(MAX_FRAME_BYTES)} frame takes as base64` };

const frameErrors = {
  invalid_request:
    "a malformed body; a frame with none or more than one of `worldId`, `url`, `b64`; bytes that are not PNG, JPEG or WebP; a URL that is not https or not on a public address; a `stateId` the world does not have",
  not_found: "`frame.worldId` names no world of the key's app and mode",
  payload_too_large: `the frame is more than ${byteSize(MAX_FRAME_BYTES)}`,
  validation_failed: "the state has no frame, the frame cannot be decoded, or its URL cannot be read",
  upstream_failed: "the vision model failed; nothing was charged",
  unavailable: "the quota store is unreachable (nothing was done)",
} as const;

const metered = (kind: string) =>
  `Metered as one \`${kind}\` of daily quota, reserved after the frame is read and checked and given back if the call fails. Test keys get a deterministic mock (\`mock: true\`). The live \`local\` provider reads a painted frame's scene manifest (exact boxes, \`source: "manifest"\`) and runs the offline object detector on any other frame (\`source: "detector"\`).`;

export const groundVision = operation({
  method: "POST",
  path: "/v1/vision/ground",
  tag: "Vision",
  operationId: "groundVision",
  summary: "Find the objects phrases name in a frame",
  description: `Boxes are fractions 0..1 of the frame. ${metered("vision_ground")}`,
  auth: "key",
  scope: "vision:write",
  idempotency: "vision-ground",
  body: ZGroundBody,
  bodyLimit: frameBodyLimit,
  responses: { 200: { description: "The objects found, per phrase.", schema: "VisionGround" } },
  errors: { ...frameErrors, quota_exceeded: "the app's daily `vision_ground` quota is used up" },
});

export const describeVision = operation({
  method: "POST",
  path: "/v1/vision/describe",
  tag: "Vision",
  operationId: "describeVision",
  summary: "Caption a frame",
  description: metered("vision_describe"),
  auth: "key",
  scope: "vision:write",
  idempotency: "vision-describe",
  body: ZDescribeBody,
  bodyLimit: frameBodyLimit,
  responses: { 200: { description: "A caption and the main labels.", schema: "VisionDescribe" } },
  errors: { ...frameErrors, quota_exceeded: "the app's daily `vision_describe` quota is used up" },
});

export const checkVision = operation({
  method: "POST",
  path: "/v1/vision/check",
  tag: "Vision",
  operationId: "checkVision",
  summary: "Check what a frame shows and does not show",
  description: `Each expectation passes when the label is present (an object at \`minScore\`, default 0.3, or above) exactly when \`present\` (default true) says so. ${metered("vision_check")}`,
  auth: "key",
  scope: "vision:write",
  idempotency: "vision-check",
  body: ZCheckBody,
  bodyLimit: frameBodyLimit,
  responses: { 200: { description: "Each expectation's result and whether all passed.", schema: "VisionCheck" } },
  errors: { ...frameErrors, quota_exceeded: "the app's daily `vision_check` quota is used up" },
});

/** In the order of the document. */
export const VISION = [groundVision, describeVision, checkVision];
