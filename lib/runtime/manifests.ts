import type { SceneManifest } from "@/lib/ai/scene-manifest";
import { readAsset } from "@/lib/assets/assets";
import { TtlCache } from "@/lib/cache/ttl-cache";
import type { World } from "@/lib/kernel/schema";
import type { SceneCues } from "@/lib/shared/scene-cues";
import { manifestUrlOf, sceneCuesOf } from "./scene-cues";
import { nounKindsLocally } from "@/lib/ai";
import { unknownNouns, type KindOf } from "./soundscape";

/*
 * The scene manifests of a world's frames (what the local painter drew where, stored beside each
 * frame as /assets/<sha>.json), read for the player's cues. Content-addressed, so an entry never
 * goes stale: a bounded cache keeps them. A manifest that cannot be read (another host's URL, a
 * missing asset, bad JSON) is simply absent: the state then moves and sounds without one.
 */
const cache = new TtlCache<string, SceneManifest | null>(4_000);
const DAY_MS = 24 * 3600_000;
const LOCAL = /\/assets\/([0-9a-f]{64}\.json)$/;

function isManifest(value: unknown): value is SceneManifest {
  const m = value as SceneManifest | null;
  return (
    !!m &&
    typeof m === "object" &&
    Array.isArray(m.objects) &&
    m.objects.every((o) => o && typeof o === "object" && o.box && typeof o.box.x === "number" && typeof o.depth === "number")
  );
}

async function readManifest(url: string): Promise<SceneManifest | null> {
  const hit = cache.get(url);
  if (hit !== undefined) return hit;
  const name = LOCAL.exec(url.split(/[?#]/)[0] ?? "")?.[1];
  let manifest: SceneManifest | null = null;
  if (name) {
    try {
      const asset = await readAsset(name);
      const parsed: unknown = asset ? JSON.parse(asset.bytes.toString("utf8")) : null;
      manifest = isManifest(parsed) ? parsed : null;
    } catch {
      manifest = null;
    }
  }
  cache.set(url, manifest, DAY_MS);
  return manifest;
}

/** The manifests of a world's frames, by URL (those that could be read). */
export async function manifestsOf(world: World): Promise<Map<string, SceneManifest>> {
  const urls = new Set(
    Object.keys(world.scene.states)
      .map((id) => manifestUrlOf(world, id))
      .filter((u): u is string => u !== null),
  );
  const out = new Map<string, SceneManifest>();
  await Promise.all(
    [...urls].map(async (url) => {
      const manifest = await readManifest(url);
      if (manifest) out.set(url, manifest);
    }),
  );
  return out;
}

/**
 * The player's cues of a world (lib/runtime/scene-cues.ts). `kindOf` is the lexicon's noun
 * classifier for ambient words no keyword rule knows; without it they add no bed.
 */
export async function playerCuesOf(world: World, kindOf?: KindOf): Promise<SceneCues> {
  return sceneCuesOf(world, await manifestsOf(world), kindOf ?? (await lexiconKinds(world)));
}

/** Kinds the lexicon gave, by word: a word's kind never changes, so they are kept. */
const kinds = new TtlCache<string, string | null>(20_000);

/**
 * The lexicon's kinds of the ambient words no keyword rule knows, asked of the CPU pool in one
 * batch (WordNet lives in its workers, lib/lexicon), as the synchronous lookup the cues read.
 * If the pool cannot answer, unknown words simply add no bed.
 */
async function lexiconKinds(world: World): Promise<KindOf> {
  const words = unknownNouns(Object.values(world.scene.states).flatMap((s) => s.ambient ?? []));
  const missing = words.filter((w) => kinds.get(w) === undefined);
  if (missing.length > 0) {
    try {
      const answers = await nounKindsLocally(missing);
      for (const w of missing) kinds.set(w, answers[w] ?? null, DAY_MS);
    } catch {
      // The pool is busy or gone: no beds from kinds this time.
    }
  }
  return (word) => (kinds.get(word) ?? null) as ReturnType<KindOf>;
}
