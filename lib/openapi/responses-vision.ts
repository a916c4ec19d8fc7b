import { z } from "zod";
import { PROVIDER_NAMES } from "@/lib/ai";
import { SCHEMA_VERSION } from "@/lib/reply";

// The response bodies of /v1/vision (docs/api.md "Vision"); beside responses.ts,
// spread into its RESPONSE_SCHEMAS.

const ZSchemaVersion = z.literal(SCHEMA_VERSION).describe("the contract version of this body");

export const ZVisionBox = z
  .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1), w: z.number().min(0).max(1), h: z.number().min(0).max(1) })
  .describe("a box as fractions 0..1 of the frame's width and height, origin top-left");

const common = {
  frame: z.object({
    url: z.string().describe("where the frame is: the state's image, the URL given, or the hosted copy of a base64 frame"),
    width: z.number().int().min(1),
    height: z.number().int().min(1),
  }),
  provider: z.enum(PROVIDER_NAMES).describe("who looked: mock (test keys), local (offline) or openai-compatible"),
  source: z
    .enum(["manifest", "detector", "model", "mock"])
    .describe(
      "how: the painter's scene manifest (exact), the offline object detector (80 COCO classes), a vision model, or the test-mode mock",
    ),
  mock: z.literal(true).optional().describe("present and true only for test keys"),
  schemaVersion: ZSchemaVersion,
};

export const ZVisionGround = z.object({
  objects: z
    .array(
      z.object({
        phrase: z.string(),
        label: z.string().describe("the finder's name for the object"),
        score: z.number().min(0).max(1),
        box: ZVisionBox,
      }),
    )
    .describe("every object found for each phrase, best first within a phrase; a phrase that names nothing in the frame has none"),
  ...common,
});

export const ZVisionDescribe = z.object({
  caption: z.string(),
  labels: z.array(z.string()).describe("the main things in the frame, most prominent first"),
  ...common,
});

export const ZVisionCheck = z.object({
  pass: z.boolean().describe("every expectation passed"),
  results: z.array(
    z.object({
      label: z.string(),
      present: z.boolean().describe("an object of this label was found at `minScore` or above"),
      score: z.number().min(0).max(1).describe("the best score found for the label (0 when none)"),
      pass: z.boolean().describe("`present` is what the expectation asked for"),
      box: ZVisionBox.optional().describe("where it is, when present"),
    }),
  ),
  ...common,
});

export const VISION_RESPONSE_SCHEMAS = { VisionGround: ZVisionGround, VisionDescribe: ZVisionDescribe, VisionCheck: ZVisionCheck };
