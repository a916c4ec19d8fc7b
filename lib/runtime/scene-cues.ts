import type { SceneManifest } from "@/lib/ai/scene-manifest";
import type { State, World } from "@/lib/kernel/schema";
import type { CameraMove, CueBox, SceneCue, SceneCues } from "@/lib/shared/scene-cues";
import { BACKDROP_AREA, cueBox, focusOf } from "@/lib/shared/scene-focus";
import { bedsForTags, type KindOf } from "./soundscape";

export { focusOf };

/*
 * The player's cues of each state (docs/runtime.md "Scenes that move" and "Scenes that sound"), computed where
 * the server prepares the player's data: the camera's move from `camera.dynamic`, the
 * protagonist's idle or walk from `movement`, what the frame keeps in view and its parallax
 * layers from the painter's scene manifest, and the ambient beds from `ambient`. Pure: the
 * manifests are read by the caller (lib/runtime/manifests.ts) and handed in by frame URL.
 */

const CAMERA_WORDS: [CameraMove, RegExp][] = [
  ["orbit", /\b(orbit\w*|circl\w*|arc\w*|revolv\w*|around)\b/],
  ["crane", /\b(crane\w*|boom\w*|ris\w*|lift\w*|ascend\w*|descend\w*|top-down|overhead|high|aerial)\b/],
  ["pan", /\b(pan|pans|panning|panned|scroll\w*|sweep\w*|track\w*|truck\w*|side|profile)\b/],
  ["dolly", /\b(dolly|dollies|push\w*|zoom\w*|follow\w*|chase|approach\w*|toward|towards|closer|in)\b/],
];

/** The camera's move for `camera.dynamic` prose: the first family a word names, else a slow drift. */
export function cameraMoveOf(prose: string): { move: CameraMove; direction: 1 | -1 } {
  const text = prose.toLowerCase();
  const direction = /\b(left|leftward|backward|back|away|out|descend\w*|down)\b/.test(text) ? -1 : 1;
  for (const [move, words] of CAMERA_WORDS) if (words.test(text)) return { move, direction };
  return { move: "drift", direction };
}

const WALKING =
  /\b(walk\w*|mov\w*|run\w*|step\w*|strid\w*|wander\w*|pac\w*|climb\w*|stroll\w*|hurr\w*|march\w*|crawl\w*|swim\w*|wad\w*|sneak\w*|creep\w*|limp\w*|dash\w*|head\w* (?:to|for|into|toward))\b/;
const STILL = /\b(still|stand\w*|sit\w*|wait\w*|kneel\w*|rest\w*|hold\w*|lie|lies|lying|watch\w*|listen\w*|breath\w*|frozen|motionless)\b/;

/** The protagonist's motion: a walk when `movement.dynamic` says so (and `static` does not say otherwise), else idle. */
export function subjectMotionOf(movement: { static?: unknown; dynamic?: unknown } | undefined): "idle" | "walk" {
  const dynamic = typeof movement?.dynamic === "string" ? movement.dynamic.toLowerCase() : "";
  const still = typeof movement?.static === "string" ? movement.static.toLowerCase() : "";
  if (WALKING.test(dynamic)) return "walk";
  if (dynamic === "" && WALKING.test(still) && !STILL.test(still)) return "walk";
  return "idle";
}

const boxOf = cueBox;

/** The parallax layers of a frame: things drawn nearer than the background, at most four, farthest first. */
export function layersOf(manifest: SceneManifest): { box: CueBox; depth: number }[] {
  return manifest.objects
    .filter(
      (o) =>
        !o.subject && o.depth < 0.75 && o.box.w * o.box.h < BACKDROP_AREA && o.box.w > 0.02 && o.box.h > 0.02 && (o.visible ?? 1) > 0.3,
    )
    .sort((a, b) => a.depth - b.depth)
    .slice(0, 4)
    .reverse()
    .map((o) => ({ box: boxOf(o.box), depth: Math.round(o.depth * 1000) / 1000 }));
}

function frameOf(world: World, id: string): { src?: unknown; manifest?: unknown } | undefined {
  const state = world.scene.states[id] as (State & { image?: { src?: unknown; manifest?: unknown } }) | undefined;
  const own = state?.image && typeof state.image === "object" ? state.image : undefined;
  if (own?.src) return own;
  return id === world.entrance.state ? (world.entrance.image as { src?: unknown; manifest?: unknown } | undefined) : undefined;
}

/** The manifest URL of a state's frame, when the painter left one. */
export function manifestUrlOf(world: World, id: string): string | null {
  const frame = frameOf(world, id);
  return typeof frame?.manifest === "string" ? frame.manifest : null;
}

/** The cues of one state. */
export function sceneCueOf(state: State, manifest: SceneManifest | null, kindOf?: KindOf): SceneCue {
  const subject = manifest?.objects.find((o) => o.subject);
  const camera = typeof state.camera?.dynamic === "string" ? state.camera.dynamic : "";
  const ambient = Array.isArray(state.ambient) ? state.ambient.filter((t): t is string => typeof t === "string") : [];
  return {
    camera: cameraMoveOf(camera),
    subject: { motion: subjectMotionOf(state.movement), box: subject ? boxOf(subject.box) : null },
    focus: manifest ? focusOf(manifest) : null,
    layers: manifest ? layersOf(manifest) : [],
    beds: bedsForTags(ambient, manifest ? { weather: manifest.weather, indoor: manifest.indoor } : {}, kindOf),
  };
}

/** The cues of every state of `world`, each with the manifest of its frame (by manifest URL) when there is one. */
export function sceneCuesOf(world: World, manifests: ReadonlyMap<string, SceneManifest>, kindOf?: KindOf): SceneCues {
  const cues: SceneCues = {};
  for (const [id, state] of Object.entries(world.scene.states)) {
    const url = manifestUrlOf(world, id);
    cues[id] = sceneCueOf(state, (url && manifests.get(url)) || null, kindOf);
  }
  return cues;
}
