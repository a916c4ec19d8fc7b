import { worldGenerationRequested } from "./events";
import { createJob, serializeJob, updateJob } from "./jobs";
import { generateWorldSteps, inlineSteps, silentReporter, type GenerationInput } from "./pipeline";
import { sendOrUndo } from "@/lib/jobs/send";
import { hostBase64Image } from "@/lib/assets/assets";
import { ApiError } from "@/lib/errors";
import type { IdempotencyTicket } from "@/lib/idempotency/idempotency";
import { checkWorld, type World } from "@/lib/kernel";
import { withQuota } from "@/lib/quota/quota";
import type { CreateWorldBody } from "@/lib/worlds/requests";
import type { Caller } from "@/lib/shared/caller";
import { gateRejection, importLimits, insertWorld, newWorldId } from "@/lib/worlds/worlds";

export const DEFAULT_POV = "third_person_shoulder";

/** What a create answered: generated now (200), imported (201) or queued as a job (202), and its body. */
export type CreatedWorld = Awaited<ReturnType<typeof importWorld | typeof generateNow | typeof generateLater>>;

const created = <S extends 200 | 201 | 202, B extends object>(status: S, body: B) => ({ status, body });

function tooLarge(detail: string): ApiError {
  return new ApiError("payload_too_large", detail);
}

/** Checks an import's size and counts; returns the world as JSON, which is what is stored. */
function assertImportSize(world: Record<string, unknown>): string {
  const limits = importLimits();
  const json = JSON.stringify(world);
  const bytes = Buffer.byteLength(json);
  if (bytes > limits.maxBytes) throw tooLarge(`The imported world is ${bytes} bytes; the limit is ${limits.maxBytes}.`);
  const scene = world.scene as { states?: unknown; events?: unknown } | undefined;
  const states = scene?.states && typeof scene.states === "object" ? Object.keys(scene.states).length : 0;
  const events = Array.isArray(scene?.events) ? scene.events.length : 0;
  if (states > limits.maxStates) throw tooLarge(`The imported world has ${states} states; the limit is ${limits.maxStates}.`);
  if (events > limits.maxEvents) throw tooLarge(`The imported world has ${events} events; the limit is ${limits.maxEvents}.`);
  return json;
}

/** IMPORT: schema-validated and gated as read with the state defaults, persisted as sent (not recompiled); 201. */
async function importWorld(
  caller: Caller,
  body: CreateWorldBody & { world: Record<string, unknown> },
  ticket: IdempotencyTicket | undefined,
) {
  const id = newWorldId();
  // The graph's id is the world's id; name and description may be overridden (docs/api.md "Worlds").
  const blob = {
    ...body.world,
    id,
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
  };
  // Measured as stored (the id and overrides are bounded, so the limit means the same), written once.
  const asSentJson = assertImportSize(blob);
  const limits = importLimits();
  const verdict = checkWorld(blob, { limits, stateDefaults: true });
  if (!verdict.ok) throw gateRejection("The imported world failed validation; nothing was created.", verdict);
  const answer = (row: { id: string; slug: string | null }) => ({ worldId: row.id, slug: row.slug, imported: true as const });
  // A key's record rides in the world's own statement (no claim first: the import is one write).
  const record = ticket && ((row: { id: string; slug: string | null }) => ticket.record(201, answer(row)));
  const row = await withQuota(caller.appId, "generation", () =>
    insertWorld(caller, { id, graph: verdict.world as World, asSentJson, source: "import", original: true, record }),
  );
  return created(201, answer(row));
}

/** Hosts uploaded images first, so the author (and a queued job) only ever sees URLs. */
async function generationInput(body: CreateWorldBody, worldId: string, baseUrl: string): Promise<GenerationInput> {
  const frameRef = body.frame_b64 !== undefined ? (await hostBase64Image(body.frame_b64, baseUrl, "frame_b64")).url : body.frame_url;
  const subjectRef = body.subject_ref
    ? {
        imageUrl: body.subject_ref.image_url ?? (await hostBase64Image(body.subject_ref.image_b64!, baseUrl, "subject_ref.image_b64")).url,
        descriptor: body.subject_ref.descriptor,
      }
    : undefined;
  const frameField = body.frame_b64 !== undefined ? "frame_b64" : body.frame_url !== undefined ? "frame_url" : undefined;
  return {
    worldId,
    premise: body.premise,
    text: body.text,
    frameRef,
    ...(frameField ? { frameField } : {}),
    pov: body.pov ?? DEFAULT_POV,
    subjectRef,
    baseUrl,
  };
}

/** GENERATE, synchronously: quota first, then the pipeline's steps inline; 200. */
async function generateNow(caller: Caller, body: CreateWorldBody, baseUrl: string) {
  return withQuota(caller.appId, "generation", async () => {
    const input = await generationInput(body, newWorldId(), baseUrl);
    const result = await generateWorldSteps(caller.mode, caller, input, inlineSteps, silentReporter);
    return created(200, {
      worldId: result.worldId,
      slug: result.slug,
      ok: result.ok,
      cover: result.cover,
      ...(caller.mode === "test" ? { mock: true as const } : {}),
    });
  });
}

/** GENERATE as a durable job (live keys with `async: true`): quota first, then 202 with the job. */
async function generateLater(caller: Caller, body: CreateWorldBody, baseUrl: string) {
  return withQuota(caller.appId, "generation", async (reservation) => {
    const input = await generationInput(body, newWorldId(), baseUrl);
    const job = await createJob(caller, { worldId: input.worldId, input, quotaDay: reservation.day });
    await sendOrUndo(worldGenerationRequested.create({ jobId: job.id }), {
      what: "The generation",
      undo: () => updateJob(job.id, { status: "failed", phase: "failed", error: "the job could not be queued" }),
      undone: "nothing was created",
    });
    return created(202, serializeJob(job));
  });
}

/** `ticket`: the request's Idempotency-Key, recorded in the import's write or claimed before a generation. */
export async function createWorld(
  caller: Caller,
  body: CreateWorldBody,
  baseUrl: string,
  ticket?: IdempotencyTicket,
): Promise<CreatedWorld> {
  if (body.world !== undefined) return importWorld(caller, { ...body, world: body.world }, ticket);
  await ticket?.claim();
  // Test keys always answer synchronously (docs/api.md "Worlds").
  return body.async && caller.mode === "live" ? generateLater(caller, body, baseUrl) : generateNow(caller, body, baseUrl);
}
