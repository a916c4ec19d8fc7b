import { decodeBase64Image, hostBase64Image, sniffMime } from "@/lib/assets/assets";
import { ApiError } from "@/lib/errors";
import { checkWorld, formatIssues, type World } from "@/lib/kernel";
import { seedSentenceLocally, type PaintReference } from "@/lib/ai";
import { releaseQuota, withQuota } from "@/lib/quota/quota";
import type { Caller } from "@/lib/shared/caller";
import { gateRejection, importLimits, insertWorld, newWorldId } from "@/lib/worlds/worlds";
import { describeSeedFrame, readSeedFrame } from "@/lib/vision/seed";
import { readPaintReference } from "@/lib/vision/subject-reference";
import { authorCharacterProfile, type FrameSeen } from "./author";
import { paintStancePictures } from "./pictures";
import {
  buildCharacterWorld,
  DEFAULT_CAMERA,
  DEFAULT_MOVEMENT,
  DEFAULT_STANCES,
  ZCharacterProfile,
  type CharacterProfile,
} from "./profile";
import type { CreateCharacterBody } from "./requests";

/** The create response (docs/runtime.md "Characters", 201): `{id, slug, kind, cover, mock?}`. */
function created(caller: Caller, row: { id: string; slug: string | null; cover: string }) {
  return {
    id: row.id,
    slug: row.slug,
    kind: "character" as const,
    cover: row.cover,
    ...(caller.mode === "test" ? { mock: true as const } : {}),
  };
}

function assertImportSize(world: Record<string, unknown>): void {
  const limits = importLimits();
  const bytes = Buffer.byteLength(JSON.stringify(world));
  if (bytes > limits.maxBytes)
    throw new ApiError("payload_too_large", `The imported character world is ${bytes} bytes; the limit is ${limits.maxBytes}.`);
}

/** IMPORT: a complete character world, schema-checked, gated and persisted verbatim. */
async function importCharacter(
  caller: Caller,
  body: CreateCharacterBody & { world: Record<string, unknown> },
): Promise<ReturnType<typeof created>> {
  assertImportSize(body.world);
  const id = newWorldId();
  const blob = { ...body.world, id, ...(body.name !== undefined ? { name: body.name } : {}) };
  const verdict = checkWorld(blob, { limits: importLimits(), stateDefaults: true });
  if (!verdict.ok || !verdict.world) throw gateRejection("The imported character world failed validation; nothing was created.", verdict);
  const world = verdict.world as World & { character?: unknown };
  const profile = ZCharacterProfile.safeParse(world.character);
  if (!profile.success) {
    throw new ApiError(
      "validation_failed",
      "The imported world is not a character world: world.character is missing or malformed; nothing was created.",
      {
        errors: formatIssues(profile.error.issues, "character"),
      },
    );
  }
  const missing = profile.data.stances.flatMap((stance, i) =>
    world.scene.states[stance.id] ? [] : [`character.stances[${i}].id: "${stance.id}" names no state of scene.states`],
  );
  if (profile.data.entranceState !== undefined && !profile.data.stances.some((s) => s.id === profile.data.entranceState)) {
    missing.push("character.entranceState: must be the id of one of character.stances");
  }
  if (missing.length > 0)
    throw new ApiError("validation_failed", "Every stance of a character is one state of its graph; nothing was created.", {
      errors: missing,
    });
  const row = await withQuota(caller.appId, "generation", () =>
    insertWorld(caller, { id, graph: world, asSentJson: JSON.stringify(blob), source: "import", kind: "character" }),
  );
  return created(caller, row);
}

/**
 * The frame's pixels for a character author that can look (a configured model): `frame_b64`'s
 * bytes, or `frame_url`'s read like a seed frame (our asset, or https through the SSRF guard).
 * A frame that cannot be read is left out when a premise is given; alone, its error stands.
 */
async function frameImage(body: CreateCharacterBody): Promise<{ bytes: Uint8Array; mimeType: string } | undefined> {
  if (body.frame_b64 !== undefined) {
    const bytes = decodeBase64Image(body.frame_b64);
    const mimeType = bytes && sniffMime(bytes);
    return bytes && mimeType && mimeType !== "image/gif" ? { bytes, mimeType } : undefined;
  }
  if (body.frame_url === undefined) return undefined;
  try {
    const frame = await readSeedFrame(body.frame_url, "frame_url");
    return frame ? { bytes: frame.bytes, mimeType: frame.mimeType } : undefined;
  } catch (error) {
    if (body.premise !== undefined) return undefined;
    throw error;
  }
}

/**
 * What a live character's frame shows (vision's describe: the painter's manifest or the offline
 * detector), as the local author reads it: its caption and a sentence of who and where. A frame
 * that cannot be read or described is left unread (the author invents from the premise, or from
 * a hash of the frame's URL); test keys never look.
 */
async function lookAtFrame(caller: Caller, frameRef: string | undefined, field: "frame_b64" | "frame_url"): Promise<FrameSeen | null> {
  if (caller.mode !== "live" || frameRef === undefined) return null;
  const seen = await describeSeedFrame(caller.mode, frameRef, field).catch(() => null);
  if (!seen) return null;
  const sentence = await seedSentenceLocally({ labels: seen.labels, caption: seen.caption }).catch(() => seen.caption);
  return { caption: seen.caption, sentence };
}

/** The frame as the character's subject reference for the painters (live keys; unreadable: none). */
async function frameReference(caller: Caller, frameRef: string | undefined, field: string): Promise<PaintReference | undefined> {
  if (frameRef === undefined) return undefined;
  return readPaintReference(caller.mode, frameRef, field).catch(() => undefined);
}

/** AUTHORED (invented from a premise/frame, explicit fields win) and EXPLICIT (the fields). */
async function composeCharacter(caller: Caller, body: CreateCharacterBody, baseUrl: string): Promise<ReturnType<typeof created>> {
  return withQuota(caller.appId, "generation", async () => {
    const frameRef = body.frame_b64 !== undefined ? (await hostBase64Image(body.frame_b64, baseUrl, "frame_b64")).url : body.frame_url;
    const field = body.frame_b64 !== undefined ? "frame_b64" : "frame_url";
    const written = body.authored
      ? await authorCharacterProfile(caller.mode, {
          premise: body.premise,
          frameRef,
          readImage: () => frameImage(body),
          lookAtFrame: () => lookAtFrame(caller, frameRef, field),
        })
      : undefined;
    const authored = written?.profile;
    const name = body.name ?? authored?.name ?? "Character";
    const stances = body.stances ?? authored?.stances ?? DEFAULT_STANCES;
    const subject = body.subject ?? authored?.subject ?? "";
    const cameraStatic = body.cameraStatic ?? DEFAULT_CAMERA;
    const movementStatic = body.movementStatic ?? DEFAULT_MOVEMENT;
    const profile: CharacterProfile & { entranceState: string } = {
      persona: body.persona ?? authored?.persona ?? "",
      lore: body.lore ?? authored?.lore ?? "",
      greeting: body.greeting ?? authored?.greeting ?? "",
      examples: body.examples ?? authored?.examples ?? "",
      scene: body.scene ?? authored?.scene ?? "",
      style: body.style ?? authored?.style ?? "",
      subject,
      speakingDetail: body.speakingDetail ?? "",
      ...(body.voiceId !== undefined ? { voiceId: body.voiceId } : {}),
      ...(body.modelId !== undefined ? { modelId: body.modelId } : {}),
      free: body.free ?? false,
      intro: body.intro ?? authored?.intro ?? { kicker: "", title: name, hint: "" },
      stances: stances.map((s) => ({ id: s.id, label: s.label, mood: s.mood, expression: s.expression })),
      entranceState: body.entranceState ?? stances[0]!.id,
    };
    const id = newWorldId();
    // Every stance painted (its own `seed_frame` each), the frame the character came from as its reference.
    const reference = await frameReference(caller, frameRef, field);
    const painted = await paintStancePictures(caller, {
      name,
      profile,
      stances: profile.stances,
      camera: cameraStatic,
      ...(reference ? { reference } : {}),
      baseUrl,
    });
    try {
      const entrance = painted.pictures[profile.entranceState]!;
      const cover = body.cover ?? frameRef ?? entrance.src;
      const graph = buildCharacterWorld({
        id,
        name,
        description: profile.intro.hint,
        cover,
        profile,
        camera: { static: cameraStatic, dynamic: body.cameraDynamic ?? cameraStatic },
        movement: { static: movementStatic, dynamic: body.movementDynamic ?? movementStatic },
        pictures: painted.pictures,
        ...(frameRef !== undefined && /^https?:/.test(frameRef) ? { subjectRef: { imageUrl: frameRef, descriptor: subject } } : {}),
      });
      const verdict = checkWorld(graph, { limits: importLimits() });
      if (!verdict.ok || !verdict.world)
        throw gateRejection("The character's stance graph failed validation; nothing was created.", verdict);
      const source = written?.source ?? "explicit";
      const row = await insertWorld(caller, { id, graph: verdict.world, source, kind: "character" });
      return created(caller, row);
    } catch (error) {
      await releaseQuota(painted.reservation);
      throw error;
    }
  });
}

/** POST /v1/characters: IMPORT, AUTHORED or EXPLICIT (see ZCreateCharacterBody); 201. */
export async function createCharacter(caller: Caller, body: CreateCharacterBody, baseUrl: string): Promise<ReturnType<typeof created>> {
  if (body.world !== undefined) return importCharacter(caller, { ...body, world: body.world });
  return composeCharacter(caller, body, baseUrl);
}
