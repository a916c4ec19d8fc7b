import type { Diagnostic, Op, World } from "@/lib/kernel";
import type { SceneManifest, TimeOfDay, Weather } from "./scene-manifest";

/**
 * The one interface of the generative capabilities (docs/providers.md). Three implementations:
 * `mock` (test keys, deterministic), `local` (procedural, offline; the embedded live default)
 * and `openai-compatible` (any server speaking the OpenAI chat/images API). Every result names
 * the provider that made it.
 */

export const PROVIDER_NAMES = ["mock", "local", "openai-compatible"] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/**
 * What a provider can do; a caller checks `capabilities.has(...)` before it relies on a
 * capability that not every provider has.
 */
export type Capability = "author" | "paint" | "book" | "chat" | "speech" | "vision" | "edit";

export interface SubjectRefInput {
  imageUrl: string;
  descriptor?: string;
}

export interface AuthorWorldInput {
  /** Becomes `world.id`. */
  worldId: string;
  /** A what-if pitch. */
  premise?: string;
  /** Book text (one chapter yields one world): segment → bible → author one act → gate. */
  text?: string;
  /** Seed frame: an http(s) URL becomes the entrance image and cover. Host base64 frames first. */
  frameRef?: string;
  pov: string;
  subjectRef?: SubjectRefInput;
  /**
   * The seed frame's pixels, for an author that can look at them (`openai-compatible` sends the
   * image with the prompt). Its description is already folded into `premise` by the caller.
   */
  seedImage?: { bytes: Uint8Array; mimeType: string };
  signal?: AbortSignal;
}

export interface AuthorResult {
  /** Always gate-clean (no error diagnostics): a provider never returns a world that may not persist. */
  world: World;
  /**
   * Whether the author landed gate-clean on its own: the first answer passed the gate with no
   * repair round. `false` means the world is just as valid but needed at least one repair round
   * (the gate's diagnostics were sent back and a corrected world came back).
   */
  ok: boolean;
  provider: ProviderName;
  /** Author calls made: 1 when `ok`, up to the configured maximum otherwise. */
  attempts: number;
  /** The final world's advisory findings (warnings and info; never errors). */
  diagnostics: Diagnostic[];
}

/** A character to author from a pitch and/or an image (POST /v1/characters, `authored: true`). */
export interface AuthorCharacterInput {
  premise?: string;
  /** The frame's pixels, for a model that can look at them. */
  image?: { bytes: Uint8Array; mimeType: string };
  signal?: AbortSignal;
}

/** A character's profile as a model wrote it (lib/ai/character.ts); stances are the caller's. */
export interface AuthoredCharacter {
  name: string;
  persona: string;
  lore: string;
  greeting: string;
  examples: string;
  subject: string;
  style: string;
  scene: string;
  intro: { kicker: string; title: string; hint: string };
  provider: ProviderName;
  /** Answers it took: 1, or 2 after the repair round. */
  attempts: number;
}

export type Aspect = "16:9" | "1:1";

/** Colours read from a subject reference image (lib/vision/reference.ts), as the local painter uses them. */
export interface ReferenceLook {
  /** The image's dominant colours, most common first (`#rrggbb`, up to 5): the frame is tinted with them. */
  palette: string[];
  /** The subject's main colour (the protagonist's clothes) and its darkest (hair). */
  coat: string;
  hair: string;
}

/** A subject reference for a painter: the image (for painters that take image input) and its colours (for the local painter). */
export interface PaintReference {
  image?: { bytes: Uint8Array; mimeType: string };
  look: ReferenceLook;
}

export interface PaintInput {
  prompt: string;
  /** A few words of mood ("stormy dusk", "hopeful"); steers palette and lighting. */
  mood?: string;
  aspect: Aspect;
  /** The protagonist (the world's subject or its descriptor): painters that can draw it the same in every frame do. */
  subject?: string;
  /** The world's subject reference image, read (lib/vision/reference.ts): painters draw the protagonist after it. */
  reference?: PaintReference;
  /**
   * Light and weather the caller sets (a scenario clip's variation): they win over what the prose
   * says. The words belong in the prompt too, for painters that only read prose.
   */
  conditions?: { timeOfDay?: TimeOfDay; weather?: Weather };
  /**
   * A character's portrait in one stance (lib/characters/pictures.ts): the subject in the
   * stance's face and pose, framed by `camera`, in `scene`. The prompt says the same in prose,
   * for painters that only read prose; the local painter draws it as a portrait.
   */
  portrait?: PortraitRequest;
  signal?: AbortSignal;
}

/** What a portrait painter draws besides the subject: one stance, the camera's still framing, the setting. */
export interface PortraitRequest {
  stance: { label: string; mood: string; expression: string };
  camera: string;
  scene?: string;
}

export interface PaintResult {
  bytes: Buffer;
  mimeType: string;
  width: number;
  height: number;
  /** The prompt as painted (the caller's prompt with the mood folded in). */
  prompt: string;
  /** The style phrase the painter used (the seed frame's `art_style`). */
  artStyle: string;
  provider: ProviderName;
  /** What the painter drew, when it knows (the local painter): lib/ai/local/paint/types.ts. */
  manifest?: SceneManifest;
}

export interface Chapter {
  /** 0-based position in the book. */
  index: number;
  title: string;
  text: string;
  /** A campaign's: `faithful` follows the chapter's events; `spirit` keeps the premise and tone and invents (absent: faithful). */
  fidelity?: "faithful" | "spirit";
}

/** The book's bible: what every act of a book-derived world or campaign keeps consistent. */
export interface Bible {
  title: string;
  protagonist: string;
  setting: string;
  tone: string;
  characters: string[];
  places: string[];
  motifs: string[];
  summary: string;
  provider: ProviderName;
}

export interface SegmentOptions {
  /** Adjacent chapters are merged to stay within this many (the hard cap is 12, MAX_CHAPTERS). */
  maxChapters?: number;
}

export interface ActInput {
  worldId: string;
  pov: string;
  frameRef?: string;
  subjectRef?: SubjectRefInput;
  signal?: AbortSignal;
}

/** A character's running mood and rapport: v(alence), a(rousal), d(ominance), each -1..1, and rapport 0..1. */
export interface Affect {
  v: number;
  a: number;
  d: number;
  rapport: number;
}

/** One emotional stance of a character: one visual state of its graph plus a brain mood. */
export interface Stance {
  id: string;
  label: string;
  mood: string;
  expression: string;
}

/** Something a character does besides speaking (docs/runtime.md "Talk turns"). */
export type CharacterAction =
  { type: "show_image"; description: string } | { type: "fetch_object"; object: string } | { type: "change_location"; location: string };

/** The brain of a character as the server loads it; never sent by the client. */
export interface ChatCharacter {
  name: string;
  persona: string;
  lore: string;
  greeting: string;
  examples: string;
  scene: string;
  style: string;
  stances: Stance[];
  /** How it talks (accent, habits, words it uses): the local brain's voice reads it with `examples`. */
  speakingDetail?: string;
  /** A chat model of the configured AI server that this character uses instead of AI_MODEL. */
  modelId?: string;
}

export interface ChatInput {
  character: ChatCharacter;
  /** What the end user said. */
  text: string;
  /** A stance id of the palette. */
  currentStance: string;
  /** Earlier turns, oldest first. */
  history: { role: string; text: string }[];
  affect: Affect;
  /** The client's running notes about the conversation. */
  memory?: string;
  signal?: AbortSignal;
}

/** One character turn (docs/runtime.md "Talk turns"), before storage. */
export interface ChatResult {
  reply: string;
  /** Always a stance id of the palette. */
  stance: string;
  emotion: string;
  affect: Affect;
  action?: CharacterAction;
  provider: ProviderName;
}

export interface SpeechInput {
  text: string;
  /** A voice of the provider; each provider has a default. */
  voiceId?: string;
  signal?: AbortSignal;
}

export interface SpeechResult {
  bytes: Buffer;
  mimeType: "audio/wav" | "audio/mpeg";
  /** The voice that spoke. */
  voiceId: string;
  provider: ProviderName;
}

/** A box normalised 0..1 of the frame, top-left origin. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One frame vision looks at: checked bytes (PNG, JPEG or WebP) and, for a painted frame, what was painted. */
export interface VisionFrame {
  bytes: Buffer;
  mimeType: "image/png" | "image/jpeg" | "image/webp";
  width: number;
  height: number;
  /** The painter's scene manifest when this frame is a painted one (the ground truth). */
  manifest?: SceneManifest;
}

/** One object an object detector found. */
export interface Detection {
  label: string;
  score: number;
  box: Box;
}

/**
 * The offline object detector (lib/vision/detect), handed in by the caller: the caller decides
 * where it runs (this thread, a worker pool). Plain data in and out.
 */
export type ObjectDetector = (image: { bytes: Uint8Array }) => Promise<Detection[]>;

export interface VisionInput {
  frame: VisionFrame;
  /** Used by `local` for frames without a manifest. */
  detect?: ObjectDetector;
  signal?: AbortSignal;
}

/** How a vision answer was reached: the painter's manifest, the offline detector, a vision model, or the test-mode mock. */
export type VisionSource = "manifest" | "detector" | "model" | "mock";

export interface GroundInput extends VisionInput {
  phrases: string[];
}

export interface GroundedObject {
  /** The caller's phrase this object answers. */
  phrase: string;
  /** What the object is called by whoever found it (the manifest's label, a COCO class, the model's word). */
  label: string;
  score: number;
  box: Box;
}

export interface GroundResult {
  /** Every object found for every phrase, best first within a phrase; a phrase with no object has none. */
  objects: GroundedObject[];
  source: VisionSource;
  provider: ProviderName;
}

export interface DescribeInput extends VisionInput {
  detail: "short" | "long";
}

export interface DescribeResult {
  caption: string;
  labels: string[];
  source: VisionSource;
  provider: ProviderName;
}

/** Capability `edit` (lib/ai/edit.ts): a plain-language instruction and the world it edits. */
export interface ProposeEditInput {
  world: World;
  instruction: string;
  signal?: AbortSignal;
}

export interface ProposeEditResult {
  ops: Op[];
  summary: string;
  /** Model calls made: 1, or 2 after a repair round. */
  attempts: number;
}

export interface Provider {
  readonly name: ProviderName;
  readonly capabilities: ReadonlySet<Capability>;
  /** Author one gate-clean world from a premise, a seed frame or book text. */
  authorWorld(input: AuthorWorldInput): Promise<AuthorResult>;
  /** Paint one image (a seed frame, a scene). */
  paintImage(input: PaintInput): Promise<PaintResult>;
  /** Book stage 1: split book text into chapters (procedural in every provider). */
  segmentBook(text: string, options?: SegmentOptions): Promise<Chapter[]>;
  /** Book stage 2: distil the bible from the whole text. */
  writeBible(text: string, options?: { signal?: AbortSignal }): Promise<Bible>;
  /** Book stage 3: author one chapter as one world (gate-clean, like `authorWorld`). */
  authorAct(bible: Bible, chapter: Chapter, input: ActInput): Promise<AuthorResult>;
  /** One talk turn of a character: reply, stance (always of its palette), emotion, affect, action. */
  chat(input: ChatInput): Promise<ChatResult>;
  /** Speech for `text`: audio bytes (WAV or MP3). */
  speak(input: SpeechInput): Promise<SpeechResult>;
  /** Vision: boxes (normalised 0..1) for the objects each phrase names. */
  ground(input: GroundInput): Promise<GroundResult>;
  /** Vision: a caption and the labels of what the frame shows. */
  describe(input: DescribeInput): Promise<DescribeResult>;
  /** A character profile written by the provider's model (`openai-compatible`); absent: the caller's procedural author. */
  authorCharacter?(input: AuthorCharacterInput): Promise<AuthoredCharacter>;
  /**
   * Capability `edit`: an instruction in plain language as a batch of public ops (one repair
   * round with the gate's findings). Providers without it leave edits to lib/edit's grammar.
   */
  proposeEdit?(input: ProposeEditInput): Promise<ProposeEditResult>;
}
