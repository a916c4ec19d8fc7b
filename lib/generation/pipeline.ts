import {
  getProvider,
  type AuthorResult,
  type Bible,
  type Chapter,
  type PaintInput,
  type PaintReference,
  type ProviderName,
} from "@/lib/ai";
import { authorChapter, authorWorld, toApiError } from "@/lib/ai/author";
import { framePrompt } from "@/lib/ai/frame-prompt";
import { storeAsset, storeManifest } from "@/lib/assets/assets";
import { getDb } from "@/lib/db";
import { checkWorld, idInWords, type World } from "@/lib/kernel";
import type { Caller, Mode } from "@/lib/shared/caller";
import { gateRejection, insertWorld } from "@/lib/worlds/worlds";
import { describeSeedFrame, readSeedFrame, type SeedDescription } from "@/lib/vision/seed";
import { readReferenceImage, readReferenceLook } from "@/lib/vision/subject-reference";
import { linkWinningEnding, type ChapterLink } from "./chapter-link";
import { frameKey, memoryDrafts, storedDrafts, type PaintedFrame } from "./drafts";
import { seededPremise, withSeedDescription } from "./seed-frame";

/**
 * Live world generation, one function of steps shared by the synchronous path (steps run
 * inline) and the durable job (steps are Inngest `step.run`s, memoized and retried). Every
 * step is safe to run twice: images are content-addressed and the world's id is fixed up front.
 */
export interface GenerationInput {
  worldId: string;
  premise?: string;
  text?: string;
  frameRef?: string;
  /** The request field the seed frame came in (`frame_b64` or `frame_url`), named in errors about it. */
  frameField?: "frame_b64" | "frame_url";
  pov: string;
  subjectRef?: { imageUrl: string; descriptor?: string };
  /** Where hosted images are served from (the request's public origin). */
  baseUrl: string;
  /**
   * A campaign chapter: authored from the book's bible and this act (instead of `premise` or
   * `text`), stored as that campaign's chapter, its winning ending leading to `next`. `act` may
   * be given as how to read it, called only when the author step runs (a replay reads nothing).
   */
  chapter?: { campaignId: string; index: number; bible: Bible; act: Chapter | (() => Promise<Chapter>); next?: ChapterLink };
}

export interface StepRunner {
  run<T>(id: string, work: () => Promise<T>): Promise<T>;
  /**
   * Steps run inline, once, in this process (nothing is memoized): the drafted world stays in
   * memory. Otherwise (an engine's steps) it is stored between the author and persist steps.
   */
  readonly inline?: boolean;
}

export const inlineSteps: StepRunner = { run: (_id, work) => work(), inline: true };

/** A durable job's steps (Inngest's `step.run`; its result is what the work returned, as JSON). */
export function durableSteps(step: { run: (id: string, work: () => Promise<unknown>) => Promise<unknown> }): StepRunner {
  return { run: (id, work) => step.run(id, work) as Promise<never> };
}

/**
 * How a run reports: `progress` records a phase (it runs inside steps too, so it never throws);
 * `checkpoint` runs between phases, outside any step, and may throw to stop the run.
 */
export interface Reporter {
  progress(phase: string, progress: number, extra?: { provider?: ProviderName }): Promise<void>;
  checkpoint(): Promise<void>;
}

export const silentReporter: Reporter = { progress: async () => {}, checkpoint: async () => {} };

export interface GenerationResult {
  worldId: string;
  slug: string | null;
  cover: string;
  ok: boolean;
  provider: ProviderName;
}

type FrameToPaint = { stateId: string } & Pick<PaintInput, "prompt" | "mood" | "subject">;
/** What the author step memoizes: the draft's key and the frames to paint; before, the authored world itself. */
type DraftedStep = { draft: string; frames: FrameToPaint[]; ok: boolean; provider: ProviderName };
type AuthoredStep = DraftedStep | AuthorResult;
const isDrafted = (step: AuthoredStep): step is DraftedStep => typeof (step as Partial<DraftedStep>).draft === "string";

/** At most this many states get their own painted frame; the rest share the entrance's. */
const MAX_PAINTED_STATES = 12;

/**
 * The caption of a state's painted frame, shown by the player above the prose and used as the
 * image's alt text: the entrance's own label on the entrance, else the state id made readable
 * (`s3-harbor_gate` → "Harbor gate"; the local author's `sN-` prefix only keeps ids unique).
 */
export function frameLabel(world: World, stateId: string): string {
  const entranceLabel = world.entrance.image.label.trim();
  if (stateId === world.entrance.state && entranceLabel !== "") return entranceLabel;
  // The id in words, as the canvas reads an id: the local author's `s3-` and `end1-` prefixes go.
  return idInWords(stateId);
}

export async function generateWorldSteps(
  mode: Mode,
  caller: Caller,
  input: GenerationInput,
  steps: StepRunner,
  reporter: Reporter,
): Promise<GenerationResult> {
  await reporter.checkpoint();
  // A live world from a seed frame: the frame is looked at first, and what it shows seeds the
  // premise (test mode keeps the kernel's mock world, which never looks).
  const { frameRef } = input;
  const seedFrame = mode === "live" && frameRef && !input.chapter && input.text === undefined ? frameRef : undefined;
  let seed: SeedDescription | null = null;
  if (seedFrame) {
    await reporter.progress("describing", 0.05);
    seed = await steps.run("describe-frame", () => describeSeedFrame(mode, seedFrame, input.frameField ?? "frame_url"));
  }
  await reporter.progress("authoring", 0.1);
  const drafts = steps.inline ? memoryDrafts() : storedDrafts;
  // The author step keeps the drafted world aside and memoizes only what painting needs: a run's
  // every request carries every memoized result (docs/jobs.md), and a chapter's paint steps
  // each replay the whole function. A result memoized before this change (the world itself: a
  // run in flight across a deploy) is still read; step ids stay as they were.
  const authored = await steps.run<AuthoredStep>("author", async () => {
    let result: AuthorResult;
    try {
      const { chapter } = input;
      if (chapter)
        result = await authorChapter(mode, chapter.bible, typeof chapter.act === "function" ? await chapter.act() : chapter.act, {
          worldId: input.worldId,
          frameRef,
          pov: input.pov,
          subjectRef: input.subjectRef,
        });
      else {
        const premise = seed ? await seededPremise(input.premise, seed) : input.premise;
        // An author that can look gets the pixels too (openai-compatible sends the image).
        const frame =
          seed && seedFrame && getProvider(mode).name === "openai-compatible"
            ? await readSeedFrame(seedFrame, input.frameField ?? "frame_url")
            : null;
        const seedImage = frame ? { bytes: frame.bytes, mimeType: frame.mimeType } : undefined;
        result = await authorWorld(mode, {
          worldId: input.worldId,
          premise,
          text: input.text,
          frameRef,
          pov: input.pov,
          subjectRef: input.subjectRef,
          seedImage,
        });
      }
    } catch (error) {
      throw toApiError(error);
    }
    const world = finishDraft(result.world, input, seed);
    return { draft: await drafts.save(input.worldId, world), frames: framesToPaint(world), ok: result.ok, provider: result.provider };
  });
  const legacyWorld = isDrafted(authored) ? null : finishDraft(authored.world, input, seed);
  const toPaint = isDrafted(authored) ? authored.frames : framesToPaint(legacyWorld!);
  await reporter.checkpoint();
  await reporter.progress("painting", 0.3, { provider: authored.provider });

  // Test mode keeps the mock's own images; live worlds get a painted frame per state.
  const painted: PaintedFrame[] = [];
  if (mode === "live") {
    const provider = getProvider(mode);
    // A subject reference is read once: its colours for the local painter (a durable step), its
    // bytes for a painter that takes image input (read again only if a paint step needs them).
    const referenceUrl = input.subjectRef?.imageUrl;
    const look = referenceUrl ? await steps.run("reference", () => readReferenceLook(referenceUrl, "subject_ref")) : null;
    let referenceImage: ReturnType<typeof readReferenceImage> | undefined;
    const reference = async (): Promise<PaintReference | undefined> => {
      if (!look || !referenceUrl) return undefined;
      if (provider.name !== "openai-compatible") return { look };
      const image = await (referenceImage ??= readReferenceImage(referenceUrl, "subject_ref"));
      return { look, ...(image ? { image } : {}) };
    };
    // One step paints every frame, at the painter's own concurrency (the CPU pool's workers, or
    // parallel requests of a remote painter). Parallel steps would cost a request each that
    // replays the whole run (a campaign's hundreds of steps); a frame painted before a retry is
    // kept beside the draft and taken as is, so no frame is paid for twice.
    // A painter that knows what it drew (the local one) returns a scene manifest: stored beside
    // the frame (/assets/<sha>.json) and referenced from the state's image as `manifest`.
    painted.push(
      ...(await steps.run("paint", async () => {
        const kept = await drafts.paintedFrames(input.worldId);
        let done = 0;
        // Every frame settles before the step ends, so a retry never races a paint still running.
        const frames = await Promise.allSettled(
          toPaint.map(async ({ stateId, ...prompt }) => {
            const key = frameKey({ stateId, ...prompt, reference: referenceUrl ?? null });
            let frame = kept.get(key);
            if (!frame) {
              const image = await provider.paintImage({ ...prompt, aspect: "16:9", reference: await reference() });
              const stored = await storeAsset(image.bytes, image.mimeType, input.baseUrl);
              const manifest = image.manifest ? (await storeManifest(stored, image.manifest, input.baseUrl)).url : undefined;
              frame = { url: stored.url, ...(manifest ? { manifest } : {}) };
              await drafts.savePaintedFrame(input.worldId, key, frame);
            }
            await reporter.progress("painting", 0.3 + (0.6 * ++done) / toPaint.length);
            return frame;
          }),
        );
        const failed = frames.find((frame) => frame.status === "rejected");
        if (failed) throw failed.reason;
        return frames.map((frame) => (frame as PromiseFulfilledResult<PaintedFrame>).value);
      })),
    );
  }

  await reporter.checkpoint();
  await reporter.progress("saving", 0.95);
  return steps.run("persist", async () => {
    const db = await getDb();
    // A retried step finds the world it already created.
    const existing = await db.world.findUnique({ where: { id: input.worldId }, select: { id: true, slug: true, cover: true } });
    if (existing) {
      await drafts.drop(input.worldId); // stored by a run that stopped before dropping them
      return { worldId: existing.id, slug: existing.slug, cover: existing.cover, ok: authored.ok, provider: authored.provider };
    }
    const drafted = isDrafted(authored) ? await drafts.load(authored.draft) : legacyWorld;
    if (!drafted) throw new Error(`the drafted world of ${input.worldId} is gone; the run must author it again`);
    const world = withFrames(
      drafted,
      toPaint.map((f) => f.stateId),
      painted,
      input.frameRef,
    );
    const verdict = checkWorld(world);
    if (!verdict.ok) {
      await drafts.drop(input.worldId);
      throw gateRejection("The generated world failed the kernel gate; nothing was created.", verdict);
    }
    const row = await insertWorld(caller, {
      id: input.worldId,
      graph: verdict.world as World,
      source: authored.provider,
      original: true,
      ...(input.chapter ? { campaign: { id: input.chapter.campaignId, chapter: input.chapter.index } } : {}),
    });
    await drafts.drop(input.worldId);
    return { worldId: row.id, slug: row.slug, cover: row.cover, ok: authored.ok, provider: authored.provider };
  });
}

/** The authored world as it will be stored, before its frames: linked to the next chapter, its seed described, its subject locked. */
function finishDraft(authored: World, input: GenerationInput, seed: SeedDescription | null): World {
  let world: World = input.chapter?.next ? linkWinningEnding(authored, input.chapter.next) : structuredClone(authored);
  if (seed) world = withSeedDescription(world, seed);
  if (input.subjectRef)
    world.subjectRef = { imageUrl: input.subjectRef.imageUrl, descriptor: input.subjectRef.descriptor ?? world.subject };
  return world;
}

/** The states that get their own frame, and what the painter is asked for each. */
function framesToPaint(world: World): FrameToPaint[] {
  return Object.keys(world.scene.states)
    .slice(0, MAX_PAINTED_STATES)
    .map((stateId) => ({ stateId, ...framePrompt(world, stateId) }));
}

/** The world with its painted frames: each state's image, and the entrance's (and the cover) from the entrance state's. */
function withFrames(draft: World, stateIds: string[], frames: PaintedFrame[], frameRef: string | undefined): World {
  const world = structuredClone(draft);
  if (frames.length === 0) return world;
  stateIds.forEach((stateId, i) => {
    const state = world.scene.states[stateId];
    const frame = frames[i]!;
    if (state)
      world.scene.states[stateId] = {
        ...state,
        image: { src: frame.url, label: frameLabel(world, stateId), ...(frame.manifest ? { manifest: frame.manifest } : {}) },
      };
  });
  const entrance = frames[stateIds.indexOf(world.entrance.state)];
  // A seed frame given by URL stays the entrance image, as the author set it.
  if (entrance && !frameRef?.startsWith("http")) {
    world.entrance = {
      ...world.entrance,
      image: { ...world.entrance.image, src: entrance.url, ...(entrance.manifest ? { manifest: entrance.manifest } : {}) },
    };
    world.cover = entrance.url;
  }
  return world;
}
