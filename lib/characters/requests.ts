import { z } from "zod";

/** A stance id: also the id of its state in the character's graph. */
export const ZStanceId = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, "letters, digits, _ and - only");

/** A stance (docs/runtime.md "Stance pictures") is `{id, label, mood, expression}`; each stance is one visual state plus a brain mood. */
export const ZStance = z.strictObject({
  id: ZStanceId,
  label: z.string().trim().min(1).max(60).describe("shown to players"),
  mood: z.string().trim().max(200).default("").describe("the brain's mood in this stance, e.g. `playful`"),
  expression: z.string().trim().max(400).default("").describe("what the face and body show (prose)"),
});
export type StanceInput = z.infer<typeof ZStance>;

export const ZIntro = z.strictObject({
  kicker: z.string().max(120).default(""),
  title: z.string().max(200).default(""),
  hint: z.string().max(300).default(""),
});

export const MAX_STANCES = 12;

const prose = (max: number) => z.string().max(max);

/** The explicit profile fields of POST /v1/characters (docs/runtime.md "Characters"). */
const profileFields = {
  name: z.string().trim().min(1).max(200).optional(),
  cover: z.string().trim().min(1).max(2000).optional().describe("explicit cover / seed-frame URL"),
  subject: prose(2000).optional().describe("anti-drift visual subject lock"),
  style: prose(500).optional().describe("visual style phrase"),
  persona: prose(8000).optional().describe("who they are (the brain)"),
  scene: prose(2000).optional().describe("the setting they are in (prose)"),
  greeting: prose(1000).optional(),
  lore: prose(20_000).optional(),
  examples: prose(8000).optional(),
  stances: z
    .array(ZStance)
    .min(1)
    .max(MAX_STANCES)
    .optional()
    .describe("the emotional stance palette; default: neutral, warm, amused, curious, guarded, downcast"),
  entranceState: ZStanceId.optional().describe("stance id to start in; defaults to the first stance"),
  cameraStatic: prose(1000).optional().describe("camera framing for still shots (prose)"),
  cameraDynamic: prose(1000).optional().describe("framing while moving; defaults to cameraStatic"),
  movementStatic: prose(1000).optional().describe("how the character holds still (prose)"),
  movementDynamic: prose(1000).optional().describe("how it moves; defaults to movementStatic"),
  speakingDetail: prose(1000).optional().describe("speaking-animation detail (prose)"),
  voiceId: z.string().trim().min(1).max(100).optional().describe("a voice-provider voice id (POST /v1/tts)"),
  modelId: z.string().trim().min(1).max(200).optional().describe("a chat model of the configured AI server, instead of AI_MODEL"),
  free: z.boolean().optional().describe("talk turns with this character use no chat time (still metered as `say`)"),
  intro: ZIntro.optional().describe("`{kicker, title, hint}` for the embed's intro card"),
};

const PROFILE_KEYS = Object.keys(profileFields) as (keyof typeof profileFields)[];

/**
 * POST /v1/characters, three modes selected by the body: IMPORT (`world`: a complete character
 * world, `world.scene` plus `world.character`; only `name` may override it), AUTHORED
 * (`authored: true` with `premise`, `frame_b64` or `frame_url`: the profile and stances are
 * invented, explicit fields override them) and EXPLICIT (the fields; `name` and `persona`
 * required). `world` is checked later, so that a malformed world is a 422 with `errors`.
 */
export const ZCreateCharacterBody = z
  .strictObject({
    world: z.record(z.string(), z.unknown()).optional().describe("IMPORT: a complete character world (world.scene plus world.character)"),
    authored: z.boolean().optional().describe("AUTHORED: invent the profile and stances from a frame/premise"),
    premise: z.string().trim().min(1).max(4000).optional().describe("AUTHORED: who the character is, as a pitch"),
    frame_b64: z.string().min(1).optional().describe("AUTHORED: a base64 frame (data URL or raw), hosted and used as the cover"),
    frame_url: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe("AUTHORED: URL of a frame (http or https), used as the cover"),
    ...profileFields,
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (body.world !== undefined) {
      for (const key of ["authored", "premise", "frame_b64", "frame_url", ...PROFILE_KEYS] as const) {
        if (key !== "name" && body[key] !== undefined) issue(key, "cannot be combined with world (import); only name may override it");
      }
      return;
    }
    if (body.authored) {
      if (body.premise === undefined && body.frame_b64 === undefined && body.frame_url === undefined)
        issue("premise", "authored mode needs premise, frame_b64 or frame_url");
    } else {
      for (const key of ["premise", "frame_b64", "frame_url"] as const)
        if (body[key] !== undefined) issue(key, "applies to authored mode (authored: true) only");
      if (body.name === undefined) issue("name", "required (or send world to import, or authored: true)");
      if (body.persona === undefined || body.persona.trim() === "")
        issue("persona", "required (or send world to import, or authored: true)");
    }
    if (body.stances) {
      const seen = new Set<string>();
      body.stances.forEach((stance, i) => {
        if (seen.has(stance.id))
          ctx.addIssue({ code: "custom", path: ["stances", i, "id"], message: `duplicate stance id "${stance.id}"` });
        seen.add(stance.id);
      });
      if (body.entranceState !== undefined && !seen.has(body.entranceState)) issue("entranceState", "must be the id of one of stances");
    }
  });
export type CreateCharacterBody = z.infer<typeof ZCreateCharacterBody>;

/**
 * PATCH /v1/characters/{id} (docs/runtime.md "Editing a character"): the brain's fields and the
 * stance palette, each optional; what is left out stays. `voiceId` and `modelId` take `null` to
 * go back to the server's default. `stances` replaces the whole palette (a stance keeps its
 * state, and its picture, by id).
 */
export const ZUpdateCharacterBody = z
  .strictObject({
    persona: profileFields.persona
      .unwrap()
      .refine((s) => s.trim() !== "", "must not be empty: a character needs a persona")
      .optional(),
    lore: profileFields.lore,
    greeting: profileFields.greeting,
    examples: profileFields.examples,
    scene: profileFields.scene,
    style: profileFields.style,
    subject: profileFields.subject,
    speakingDetail: profileFields.speakingDetail,
    voiceId: profileFields.voiceId.unwrap().nullable().optional().describe("a voice-provider voice id; null for the server's default"),
    modelId: profileFields.modelId.unwrap().nullable().optional().describe("a chat model of the configured AI server; null for AI_MODEL"),
    free: profileFields.free,
    intro: profileFields.intro,
    stances: profileFields.stances.describe("the whole new palette (1..12); a stance keeps its state and picture by id"),
    entranceState: profileFields.entranceState.describe("stance id to start in; must be of the palette"),
    expectedRev: z.string().min(1).optional().describe("the rev the edit was made on (or `If-Match`)"),
  })
  .superRefine((body, ctx) => {
    if (body.stances) {
      const seen = new Set<string>();
      body.stances.forEach((stance, i) => {
        if (seen.has(stance.id))
          ctx.addIssue({ code: "custom", path: ["stances", i, "id"], message: `duplicate stance id "${stance.id}"` });
        seen.add(stance.id);
      });
    }
  });
export type UpdateCharacterBody = z.infer<typeof ZUpdateCharacterBody>;

/** Affect as the client sends it back: any of v, a, d (-1..1) and rapport (0..1); out-of-range values are clamped. */
export const ZAffectInput = z
  .strictObject({
    v: z.number().finite().optional(),
    a: z.number().finite().optional(),
    d: z.number().finite().optional(),
    rapport: z.number().finite().optional(),
  })
  .describe("the running mood and rapport of the last turn");

export const MAX_HISTORY_TURNS = 50;

/** POST /v1/characters/{id}/say (docs/runtime.md "Talk turns"). */
export const ZSayBody = z.strictObject({
  text: z.string().trim().min(1).max(4000).describe("what the end user said"),
  token: z.string().min(1).max(4096).optional().describe("the session token, when it is not sent as `Authorization: Bearer`"),
  currentStance: z.string().max(40).optional().describe("the stance the character is in; default its entrance stance"),
  history: z
    .array(z.strictObject({ role: z.string().trim().min(1).max(40), text: z.string().max(4000) }))
    .max(MAX_HISTORY_TURNS)
    .optional()
    .describe("earlier turns, oldest first; default the session's stored turns"),
  affect: ZAffectInput.optional(),
  memory: z.string().max(8000).optional().describe("the client's running notes about the conversation"),
  playerId: z
    .string()
    .max(200)
    .optional()
    .describe(
      "an anonymous player's id (`ply_…`) kept from an earlier answer: its chat time is drawn on, not the token's new player's (ignored when the token has a `userRef`, or when it is not a player of this app and mode)",
    ),
});
export type SayBody = z.infer<typeof ZSayBody>;

export const ZTranscriptQuery = z
  .strictObject({
    userRef: z.string().trim().min(1).max(200).optional().describe("the player's userRef (as given when minting the token)"),
    sessionId: z.string().trim().min(1).max(200).optional().describe("one session (`ses_…` or `pub_…`); for players without a userRef"),
    limit: z.coerce.number().int().min(1).max(1000).default(500),
    cursor: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional()
      .describe("`nextCursor` of the previous page"),
  })
  .refine((q) => q.userRef !== undefined || q.sessionId !== undefined, { message: "give userRef or sessionId", path: ["userRef"] });
export type TranscriptQuery = z.infer<typeof ZTranscriptQuery>;
