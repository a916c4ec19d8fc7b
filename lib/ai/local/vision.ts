import { ProviderError } from "../errors";
import type { Box, DescribeInput, DescribeResult, Detection, GroundedObject, GroundInput, GroundResult, VisionInput } from "../provider";
import type { ManifestObject, SceneManifest } from "../scene-manifest";
import { matchCoco, matchPainted } from "./vision-words";

// Vision of the `local` provider. A frame the local painter painted is grounded exactly from its
// scene manifest (what was drawn where); any other frame goes to the offline object detector
// the caller hands in (80 COCO classes). Both answers say which they are (`source`).

/** Detections weaker than this are not named in a caption. */
const CAPTION_MIN_SCORE = 0.3;

const round3 = (v: number) => Math.round(v * 1000) / 1000;
const boxOf = (b: Box): Box => ({ x: round3(b.x), y: round3(b.y), w: round3(b.w), h: round3(b.h) });
/** A painted object's score: the share of it no nearer object covers (1 when the manifest does not say). */
const paintedScore = (o: ManifestObject) => round3(Math.min(1, Math.max(0, o.visible ?? 1)));

async function detections(input: VisionInput): Promise<Detection[]> {
  if (!input.detect)
    throw new ProviderError("config", "The local provider needs the offline object detector for frames without a scene manifest.", {
      provider: "local",
    });
  return input.detect({ bytes: input.frame.bytes });
}

/** The objects that answer each phrase: the best match strength first, then the best score. */
function groundAll<T>(
  phrases: string[],
  items: T[],
  match: (phrase: string, item: T) => number,
  toObject: (phrase: string, item: T) => GroundedObject,
): GroundedObject[] {
  return phrases.flatMap((phrase) =>
    items
      .map((item) => ({ item, strength: match(phrase, item) }))
      .filter((m) => m.strength > 0)
      .map((m) => ({ strength: m.strength, object: toObject(phrase, m.item) }))
      .sort((a, b) => b.strength - a.strength || b.object.score - a.object.score)
      .map((m) => m.object),
  );
}

export async function groundLocal(input: GroundInput): Promise<GroundResult> {
  const manifest = input.frame.manifest;
  if (manifest) {
    const objects = groundAll(input.phrases, manifest.objects, matchPainted, (phrase, o) => ({
      phrase,
      label: o.label,
      score: paintedScore(o),
      box: boxOf(o.box),
    }));
    return { objects, source: "manifest", provider: "local" };
  }
  const found = await detections(input);
  const objects = groundAll(
    input.phrases,
    found,
    (phrase, d) => matchCoco(phrase, d.label),
    (phrase, d) => ({ phrase, label: d.label, score: round3(d.score), box: boxOf(d.box) }),
  );
  return { objects, source: "detector", provider: "local" };
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

function list(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** "at the left", "in the centre", "at the top right": where a box's centre is. */
function where(b: Box): string {
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const col = cx < 1 / 3 ? "left" : cx > 2 / 3 ? "right" : "";
  const row = cy < 1 / 3 ? "top" : cy > 2 / 3 ? "bottom" : "";
  const spot = [row, col].filter(Boolean).join(" ");
  return spot === "" ? "in the centre" : `at the ${spot}`;
}

function uniqueLabels<T extends { label: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.label) && seen.add(i.label));
}

function describeManifest(manifest: SceneManifest, detail: DescribeInput["detail"]): Omit<DescribeResult, "provider"> {
  // The objects that show most first: on-screen area times the share that is not covered.
  const shown = uniqueLabels(
    [...manifest.objects]
      .filter((o) => paintedScore(o) > 0)
      .sort((a, b) => b.box.w * b.box.h * paintedScore(b) - a.box.w * a.box.h * paintedScore(a)),
  );
  const weather =
    manifest.weather === "clear"
      ? ""
      : `${manifest.weather === "storm" ? "stormy" : manifest.weather === "fog" ? "foggy" : manifest.weather === "rain" ? "rainy" : manifest.weather === "snow" ? "snowy" : "cloudy"} `;
  const setting = `${weather}${manifest.timeOfDay === "day" ? "daytime" : manifest.timeOfDay} ${manifest.indoor ? "interior" : "scene"}`;
  const named = shown.slice(0, detail === "long" ? 8 : 4).map((o) => article(o.label));
  const lead = article(setting);
  let caption = `${lead[0]!.toUpperCase()}${lead.slice(1)}${named.length > 0 ? ` with ${list(named)}` : ""}.`;
  if (detail === "long") {
    const subject = manifest.objects.find((o) => o.subject);
    const places = shown
      .slice(0, 6)
      .map((o) => `${article(o.label)} ${where(o.box)}${o.depth < 0.34 ? " in the foreground" : o.depth > 0.66 ? " in the distance" : ""}`);
    caption += ` ${places.length > 0 ? `There is ${list(places)}.` : ""}${subject ? ` The ${subject.label} is the protagonist.` : ""}`;
  }
  return { caption: caption.trim(), labels: shown.map((o) => o.label), source: "manifest" };
}

function describeDetections(found: Detection[], detail: DescribeInput["detail"]): Omit<DescribeResult, "provider"> {
  const shown = uniqueLabels(found.filter((d) => d.score >= CAPTION_MIN_SCORE));
  if (shown.length === 0) {
    return {
      caption: "A picture in which the offline detector finds none of the 80 everyday objects it knows.",
      labels: [],
      source: "detector",
    };
  }
  const counts = new Map<string, number>();
  for (const d of found) if (d.score >= CAPTION_MIN_SCORE) counts.set(d.label, (counts.get(d.label) ?? 0) + 1);
  const named = shown
    .slice(0, detail === "long" ? 8 : 4)
    .map((d) => ((counts.get(d.label) ?? 1) > 1 ? `${counts.get(d.label)} ${d.label}s` : article(d.label)));
  let caption = `A picture showing ${list(named)}.`;
  if (detail === "long")
    caption += ` ${shown
      .slice(0, 6)
      .map((d) => `The ${d.label} is ${where(d.box)} (score ${round3(d.score)}).`)
      .join(" ")}`;
  return { caption, labels: shown.map((d) => d.label), source: "detector" };
}

export async function describeLocal(input: DescribeInput): Promise<DescribeResult> {
  const manifest = input.frame.manifest;
  const described = manifest ? describeManifest(manifest, input.detail) : describeDetections(await detections(input), input.detail);
  return { ...described, provider: "local" };
}
