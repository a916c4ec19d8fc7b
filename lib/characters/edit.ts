import type { PaintReference } from "@/lib/ai";
import { ApiError, notFound } from "@/lib/errors";
import { releaseQuota } from "@/lib/quota/quota";
import { readPaintReference } from "@/lib/vision/subject-reference";
import { hasErrors, validateWorld, type Event, type State, type World } from "@/lib/kernel";
import type { Caller } from "@/lib/shared/caller";
import { gateRejection, importLimits, writeGraph } from "@/lib/worlds/worlds";
import type { WorldRow } from "@/lib/worlds/row";
import { getCharacterOrThrow } from "./characters";
import { paintStancePictures, type StancePicture } from "./pictures";
import {
  DEFAULT_CAMERA,
  DEFAULT_MOVEMENT,
  readProfile,
  stanceAmbient,
  stanceBase,
  stanceState,
  stanceTransitions,
  subjectOf,
  ZCharacterProfile,
  type CharacterProfile,
} from "./profile";
import type { UpdateCharacterBody } from "./requests";

/** The brain's fields a PATCH sets as given (voiceId and modelId also take null: back to the default). */
const BRAIN_FIELDS = ["persona", "lore", "greeting", "examples", "scene", "style", "subject", "speakingDetail", "free", "intro"] as const;

type CharacterGraph = World & { character?: unknown };

/**
 * The character graph after an edit of its brain and palette (pure). The profile under
 * `character` takes the fields given (unknown stored keys are kept). With `stances`:
 * - a stance whose id is already a state keeps that state (its picture, variants, anything the
 *   owner added); its label and mood follow the stance, and its `base` too when it is still the
 *   one the profile derived (a hand-written base is the owner's and stays);
 * - a new stance gets a new state, camera and movement of the entrance stance's state;
 * - a dropped stance's state goes, with every event from or to it;
 * - the transitions between stances are rebuilt from the palette (one per pair), keeping any
 *   extra field an old transition between the same two stances carried; other events stay.
 * A subject, scene or style change re-derives each stance's derived `base` the same way.
 */
export function editCharacterGraph(
  graph: CharacterGraph,
  body: Omit<UpdateCharacterBody, "expectedRev">,
  pictures: Record<string, StancePicture> = {},
): CharacterGraph {
  const profile = readProfile(graph);
  if (!profile) {
    throw new ApiError(
      "validation_failed",
      "This character's profile (world.character) is missing or malformed, so it cannot be edited; re-create or re-import it.",
      {
        errors: ["world.character: missing or malformed"],
      },
    );
  }
  const raw = { ...(graph.character as Record<string, unknown>) };
  for (const field of BRAIN_FIELDS) if (body[field] !== undefined) raw[field] = body[field];
  for (const field of ["voiceId", "modelId"] as const) {
    if (body[field] === null) delete raw[field];
    else if (body[field] !== undefined) raw[field] = body[field];
  }
  const stances = body.stances ?? profile.stances;
  const ids = new Set(stances.map((s) => s.id));
  if (body.entranceState !== undefined && !ids.has(body.entranceState)) {
    throw new ApiError("invalid_request", "entranceState must be one of the character's stances.", {
      errors: [`entranceState: "${body.entranceState}" is not a stance of the palette`],
    });
  }
  const entrance =
    body.entranceState ?? (profile.entranceState !== undefined && ids.has(profile.entranceState) ? profile.entranceState : stances[0]!.id);
  raw.stances = body.stances ? stances.map((s) => ({ id: s.id, label: s.label, mood: s.mood, expression: s.expression })) : raw.stances;
  raw.entranceState = entrance;
  const next: CharacterProfile = ZCharacterProfile.parse(raw);

  const name = graph.name;
  const before = new Map(profile.stances.map((s) => [s.id, s]));
  const states: Record<string, State> = { ...graph.scene.states };
  for (const id of before.keys()) if (!ids.has(id)) delete states[id];
  const template = graph.scene.states[profile.entranceState ?? ""] ?? graph.scene.states[profile.stances[0]!.id];
  const camera = template?.camera ?? { static: DEFAULT_CAMERA, dynamic: DEFAULT_CAMERA };
  const movement = template?.movement ?? { static: DEFAULT_MOVEMENT, dynamic: DEFAULT_MOVEMENT };
  for (const stance of next.stances) {
    const existing = graph.scene.states[stance.id];
    if (!existing) {
      const picture = pictures[stance.id];
      states[stance.id] = { ...stanceState(next, name, stance, camera, movement), ...(picture ? { image: picture } : {}) };
      continue;
    }
    const old = before.get(stance.id);
    const derived = old !== undefined && existing.base === stanceBase(profile, name, old);
    // Label and mood follow a palette that was sent; a brain-only edit leaves an imported state's own ones.
    const palette = body.stances ? { label: stance.label, ambient: stanceAmbient(stance) } : {};
    states[stance.id] = { ...existing, ...palette, base: derived ? stanceBase(next, name, stance) : existing.base };
  }

  let events: Event[] = graph.scene.events;
  if (body.stances) {
    const palette = new Set([...before.keys(), ...ids]);
    const dropped = (e: Event) => (before.has(e.from) && !ids.has(e.from)) || (e.to !== undefined && before.has(e.to) && !ids.has(e.to));
    const meshOf = (e: Event) =>
      e.to !== undefined && palette.has(e.from) && palette.has(e.to) && (e.kind === undefined || e.kind === "transition");
    const oldMesh = new Map(graph.scene.events.filter(meshOf).map((e) => [`${e.from}\u0000${e.to}`, e]));
    const kept = graph.scene.events.filter((e) => !dropped(e) && !meshOf(e));
    const mesh = stanceTransitions(name, next.stances).map((e) => ({ ...oldMesh.get(`${e.from}\u0000${e.to}`), ...e }));
    events = [...mesh, ...kept];
  }

  const derivedSubject = graph.subject === subjectOf(profile, name);
  const derivedDescription = graph.description === profile.intro.hint;
  return {
    ...graph,
    subject: derivedSubject ? subjectOf(next, name) : graph.subject,
    description: derivedDescription ? next.intro.hint : graph.description,
    entrance: { ...graph.entrance, state: entrance },
    scene: { ...graph.scene, states, events },
    character: raw,
  };
}

/**
 * The pictures of the stances a palette edit adds (stances with no state yet), painted like a
 * created character's (pictures.ts: one `seed_frame` each, reserved first) after the edited look
 * (subject, scene, style) and the entrance stance's camera; null when nothing is added.
 */
async function paintAddedStances(
  caller: Caller,
  row: WorldRow,
  body: UpdateCharacterBody,
  baseUrl: string,
): Promise<Awaited<ReturnType<typeof paintStancePictures>> | null> {
  const profile = readProfile(row.graph);
  if (!body.stances || !profile) return null;
  const states = row.graph.scene.states;
  const added = body.stances.filter((stance) => !Object.prototype.hasOwnProperty.call(states, stance.id));
  if (added.length === 0) return null;
  const look = { subject: body.subject ?? profile.subject, scene: body.scene ?? profile.scene, style: body.style ?? profile.style };
  const template = states[profile.entranceState ?? ""] ?? states[profile.stances[0]!.id];
  const ref = row.graph.subjectRef?.imageUrl;
  const reference: PaintReference | undefined = ref
    ? await readPaintReference(caller.mode, ref, "subjectRef.imageUrl").catch(() => undefined)
    : undefined;
  return paintStancePictures(caller, {
    name: row.graph.name,
    profile: look,
    stances: added,
    camera: template?.camera.static ?? DEFAULT_CAMERA,
    ...(reference ? { reference } : {}),
    baseUrl,
  });
}

/**
 * PATCH /v1/characters/{id}: the brain and the palette, compare-and-set on `rev` like every
 * graph write (412 on a stale `If-Match`/`expectedRev`), gated (422 with `diagnostics`,
 * nothing saved). An edit that changes nothing writes nothing and keeps the rev. A stance the
 * palette adds is painted (one `seed_frame` each); the units of pictures the stored graph does
 * not take (the edit failed, or another write added that stance first) are given back.
 */
export async function updateCharacter(
  caller: Caller,
  id: string,
  body: UpdateCharacterBody,
  expectedRev: string | undefined,
  baseUrl: string,
): Promise<WorldRow> {
  const before = await getCharacterOrThrow(caller, id);
  const painted = await paintAddedStances(caller, before, body, baseUrl);
  let used = 0;
  try {
    const { row } = await writeGraph(caller, id, expectedRev, (current) => {
      if (current.kind !== "character") throw notFound("Character");
      const graph = editCharacterGraph(current.graph, body, painted?.pictures);
      used = Object.keys(painted?.pictures ?? {}).filter(
        (stanceId) => !current.graph.scene.states[stanceId] && graph.scene.states[stanceId]?.image,
      ).length;
      if (JSON.stringify(graph) === JSON.stringify(current.graph)) return { graph: null, report: null };
      const diagnostics = validateWorld(graph, { limits: importLimits() });
      if (hasErrors(diagnostics))
        throw gateRejection("The edited character failed validation; nothing was saved.", { errors: [], diagnostics });
      return { graph, report: null };
    });
    if (painted && used < painted.reservation.units)
      await releaseQuota({ ...painted.reservation, units: painted.reservation.units - used });
    return row;
  } catch (error) {
    if (painted) await releaseQuota(painted.reservation);
    throw error;
  }
}
