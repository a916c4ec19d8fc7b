// What the character page shows and sends, as plain data: the character read from the runtime
// view, the conversation state the browser keeps (stance, affect, history) and how a turn, an
// action or a failure becomes something to show. No DOM and no fetch here, so every rule is
// testable on its own. Shares the world player's image rules (safe URLs, placeholder hues).
import { hueOf, safeImageUrl } from "@/embed/player/model";
import type { World } from "@/lib/kernel/schema";

export interface Stance {
  id: string;
  label: string;
  mood: string;
  expression: string;
}

/** Running mood and rapport: v, a, d in -1..1, rapport in 0..1. */
export interface Affect {
  v: number;
  a: number;
  d: number;
  rapport: number;
}

export type CharacterAction =
  | { type: "show_image"; description: string; url?: string }
  | { type: "fetch_object"; object: string }
  | { type: "change_location"; location: string };

/** One answer of POST /v1/characters/{id}/say (docs/runtime.md "Talk turns"). */
export interface Turn {
  reply: string;
  stance: string;
  emotion: string;
  affect: Affect;
  action?: CharacterAction;
  mock?: boolean;
}

export interface HistoryEntry {
  role: "user" | "character";
  text: string;
}

/** The character as the page knows it: only the public part of its profile (the brain stays on the server). */
export interface CharacterInfo {
  name: string;
  greeting: string;
  /** `intro.hint`: shown as the input's placeholder when set. */
  hint: string;
  stances: Stance[];
  /** The stance it starts in. */
  entrance: string;
  /** The cover (entrance picture), a safe URL or null: the avatar, and the entrance stance's picture. */
  portrait: string | null;
  /** Each stance's own picture, a safe URL or null. */
  images: Record<string, string | null>;
}

export interface StanceView {
  id: string;
  label: string;
  expression: string;
  /** A safe image URL, or null for the gradient placeholder. */
  image: string | null;
  /** Placeholder hue (0..359), stable per stance. */
  hue: number;
}

/** What the browser keeps between turns and sends with each one. */
export interface ChatState {
  stance: string;
  affect: Affect;
  history: HistoryEntry[];
}

/** The body of POST /v1/characters/{id}/say. */
export interface SayRequest {
  text: string;
  currentStance: string;
  history: HistoryEntry[];
  affect: Affect;
}

/** Most earlier messages sent with a turn (the server accepts 50): the last 12 exchanges. */
export const MAX_HISTORY = 24;
/** The server's limits on a message and on each history entry. */
export const MAX_TEXT = 4000;

export const NEUTRAL_AFFECT: Readonly<Affect> = Object.freeze({ v: 0, a: 0, d: 0, rapport: 0 });

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const clamp = (x: unknown, lo: number, hi: number): number =>
  typeof x === "number" && Number.isFinite(x) ? Math.min(hi, Math.max(lo, x)) : 0;

/** Any affect-like value as a complete, in-range one. */
export function normalizeAffect(input: unknown): Affect {
  const a = obj(input);
  return { v: clamp(a?.v, -1, 1), a: clamp(a?.a, -1, 1), d: clamp(a?.d, -1, 1), rapport: clamp(a?.rapport, 0, 1) };
}

/**
 * The character of a runtime view (`GET /v1/runtime/world` with a character's token), or null
 * when the graph carries no usable stance palette.
 */
export function readCharacter(world: World, name: string): CharacterInfo | null {
  const profile = obj((world as { character?: unknown }).character);
  if (!profile || !Array.isArray(profile.stances)) return null;
  const states = obj(world.scene?.states) ?? {};
  const stances: Stance[] = [];
  const images: Record<string, string | null> = {};
  for (const raw of profile.stances) {
    const s = obj(raw);
    const id = str(s?.id).trim();
    if (!id || stances.some((x) => x.id === id)) continue;
    const state = Object.prototype.hasOwnProperty.call(states, id) ? obj(states[id]) : undefined;
    const label = str(s?.label).trim() || str(state?.label).trim() || id;
    stances.push({ id, label, mood: str(s?.mood).trim(), expression: str(s?.expression).trim() });
    images[id] = safeImageUrl(obj(state?.image)?.src);
  }
  if (stances.length === 0) return null;
  const wanted = str(profile.entranceState) || str(world.entrance?.state);
  const entrance = stances.some((s) => s.id === wanted) ? wanted : stances[0]!.id;
  const intro = obj(profile.intro);
  return {
    name: name.trim() || str(world.name).trim() || "Character",
    greeting: str(profile.greeting).trim(),
    hint: str(intro?.hint).trim(),
    stances,
    entrance,
    portrait: safeImageUrl(world.entrance?.image?.src) ?? safeImageUrl(world.cover),
    images,
  };
}

/** What the stage shows for a stance: its own picture, the portrait on the entrance stance, else the placeholder. */
export function stanceView(character: CharacterInfo, id: string): StanceView {
  const stance =
    character.stances.find((s) => s.id === id) ?? character.stances.find((s) => s.id === character.entrance) ?? character.stances[0]!;
  const image = character.images[stance.id] ?? (stance.id === character.entrance ? character.portrait : null);
  return { id: stance.id, label: stance.label, expression: stance.expression, image, hue: hueOf(stance.id) };
}

/** The state before the first turn: the entrance stance, a neutral mood, the greeting as the character's first line. */
export function initialState(character: CharacterInfo): ChatState {
  return {
    stance: character.entrance,
    affect: { ...NEUTRAL_AFFECT },
    history: character.greeting ? [{ role: "character", text: clip(character.greeting) }] : [],
  };
}

const clip = (text: string): string => (text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text);

/** The last `max` messages, oldest first. */
export function trimHistory(history: readonly HistoryEntry[], max = MAX_HISTORY): HistoryEntry[] {
  return history.slice(Math.max(0, history.length - max));
}

/** What the user typed, ready to send (trimmed, at most MAX_TEXT characters), or null when there is nothing to say. */
export function messageOf(raw: string): string | null {
  const text = raw.trim();
  return text === "" ? null : clip(text);
}

export function turnRequest(state: ChatState, text: string): SayRequest {
  return { text, currentStance: state.stance, history: trimHistory(state.history), affect: state.affect };
}

/** The state after a turn: both lines in the history (trimmed), the new mood, the new stance when it is of the palette. */
export function applyTurn(character: CharacterInfo, state: ChatState, text: string, turn: Turn): ChatState {
  const stance = character.stances.some((s) => s.id === turn.stance) ? turn.stance : state.stance;
  const history = trimHistory([...state.history, { role: "user", text: clip(text) }, { role: "character", text: clip(turn.reply) }]);
  return { stance, affect: normalizeAffect(turn.affect), history };
}

function readAction(value: unknown): CharacterAction | undefined {
  const a = obj(value);
  if (!a) return undefined;
  if (a.type === "show_image") {
    const url = safeImageUrl(a.url) ?? safeImageUrl(a.src) ?? safeImageUrl(a.imageUrl) ?? safeImageUrl(a.image);
    return { type: "show_image", description: str(a.description).trim(), ...(url ? { url } : {}) };
  }
  if (a.type === "fetch_object") return { type: "fetch_object", object: str(a.object).trim() };
  if (a.type === "change_location") return { type: "change_location", location: str(a.location).trim() };
  return undefined;
}

/** A say response as a Turn, or null when it is not one (a reply is required). */
export function readTurn(body: unknown): Turn | null {
  const b = obj(body);
  if (!b || typeof b.reply !== "string") return null;
  const action = readAction(b.action);
  return {
    reply: b.reply,
    stance: str(b.stance),
    emotion: str(b.emotion),
    affect: normalizeAffect(b.affect),
    ...(action ? { action } : {}),
    ...(b.mock === true ? { mock: true } : {}),
  };
}

/** How an action reads in the conversation: a short system line, and a picture when it has a safe URL. */
export function actionNote(name: string, action: CharacterAction): { text: string; image: string | null } {
  switch (action.type) {
    // The server's descriptions come without articles ("lighthouse", "cup of tea"): label style reads well either way.
    case "show_image":
      return {
        text: action.description ? `${name} shows you a picture: ${action.description}` : `${name} shows you a picture`,
        image: action.url ?? null,
      };
    case "fetch_object":
      return { text: action.object ? `${name} brings you: ${action.object}` : `${name} brings you something`, image: null };
    case "change_location":
      return { text: action.location ? `${name} takes you to: ${action.location}` : `${name} takes you somewhere else`, image: null };
  }
}

export interface Failure {
  message: string;
  /** The session cannot go on: the form is closed and the page must be reloaded. */
  fatal: boolean;
  /** Sending the same message again may work (offer a retry). */
  retry: boolean;
}

/** What to tell the user when a turn (or speech) fails: `status` 0 is a network failure. */
export function describeFailure(status: number, detail: string | undefined, name: string): Failure {
  const said = detail?.trim() || "";
  if (status === 0) return { message: `${name} could not be reached. Check your connection and try again.`, fatal: false, retry: true };
  if (status === 401) return { message: "This session has ended; reload the page.", fatal: true, retry: false };
  if (status === 404) return { message: `${name} is no longer available here.`, fatal: true, retry: false };
  if (status === 402) return { message: said || "There is no chat time left.", fatal: false, retry: false };
  if (status === 429) return { message: said || "Too many messages at once; wait a moment and try again.", fatal: false, retry: true };
  if (status === 400 || status === 413) return { message: said || "That message could not be sent.", fatal: false, retry: false };
  if (status >= 500) return { message: said || `${name} could not answer just now; try again.`, fatal: false, retry: true };
  return { message: said || `The message could not be sent (HTTP ${status}).`, fatal: false, retry: true };
}
