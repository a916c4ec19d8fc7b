// Who the local author's world follows and what they want: the protagonist (or its owner), the
// goal, and how the camera frames them for a point of view.
import type { Prng } from "@/lib/kernel";
import { BEING_KINDS, type Lexicon } from "@/lib/lexicon";
import type { Bible } from "../provider";
import { isProperName, own } from "./author-phrases";
import type { Place } from "./cast";
import { cleanText, truncate, type Action, type StoryFacts } from "./text";

const HEROES = [
  "the wanderer",
  "the courier",
  "the cartographer",
  "the diver",
  "the archivist",
  "the stranger",
  "the pilot",
  "the apprentice",
];
/** A passive predicament's way out: "two chefs are trapped in a market" → escape the market. */
const PREDICAMENTS =
  /\b(?:is|are|was|were|gets?|got|become|becomes)\s+(trapped|lost|stranded|imprisoned|caught|stuck|marooned|locked|buried|hunted|chased)\b/i;

const POV_CAMERA: Record<string, { static: string; dynamic: string }> = {
  first_person: {
    static: "first-person view at eye height, steady and unhurried",
    dynamic: "first-person view with a gentle sway as {hero} moves",
  },
  third_person_shoulder: {
    static: "over-the-shoulder framing just behind {hero}, horizon level",
    dynamic: "over-the-shoulder tracking shot following {hero}",
  },
  third_person: {
    static: "wide third-person framing with {hero} in the lower third",
    dynamic: "third-person chase camera a few steps behind {hero}",
  },
  top_down: { static: "high top-down view looking straight at {hero}", dynamic: "top-down view drifting to keep {hero} centred" },
  isometric: { static: "isometric three-quarter view with {hero} centred", dynamic: "isometric view panning smoothly with {hero}" },
  side_scroller: { static: "flat side view with {hero} in profile", dynamic: "side view scrolling with {hero}" },
  cinematic: { static: "wide cinematic establishing shot with {hero} small in frame", dynamic: "slow cinematic dolly following {hero}" },
};

export function povCamera(pov: string): { static: string; dynamic: string } {
  const known = own(POV_CAMERA, pov);
  if (known) return { ...known };
  const words = truncate(cleanText(pov.replace(/_/g, " ")), 40) || "steady";
  return { static: `${words} framing on {hero}`, dynamic: `${words} framing that follows {hero}` };
}

/** The protagonist: the bible's, else the text's subject, else the narrator, a name, a role. */
export function heroOf(input: { bible?: Omit<Bible, "provider"> }, facts: StoryFacts, rng: Prng): string {
  const people = facts.people;
  const source =
    cleanText(input.bible?.protagonist ?? "") ||
    cleanText(facts.subject) ||
    (facts.firstPerson ? "the narrator" : "") ||
    people.find(isProperName) ||
    people[0] ||
    rng.pick(HEROES);
  return truncate(source, 60);
}

/**
 * "A widow's gramophone plays…", "a new teacher's classroom fills with snow": when the subject
 * is someone's machine or room, the one the camera follows is its owner.
 */
export function ownerOf(hero: string, lexicon: Lexicon): string {
  const m = /^the (.+?)['’]s ([^']+)$/.exec(hero);
  if (!m) return hero;
  const owned = lexicon.pick(m[2]!.split(" ").pop()!);
  const owner = lexicon.pick(m[1]!.split(" ").pop()!, { expect: "being" });
  return owned &&
    ["device", "room", "structure", "container", "vehicle", "furniture"].includes(owned.kind) &&
    owner &&
    BEING_KINDS.has(owner.kind)
    ? `the ${m[1]}`
    : hero;
}

/** The goal: the text's first deed on something ("repair the greenhouse"), else the way out of its predicament. */
export function goalOf(deeds: readonly Action[], text: string, setting: Place | null): Action | undefined {
  const predicament = PREDICAMENTS.exec(text);
  if (predicament && setting) return { verb: "escape", third: "escapes", object: setting.phrase };
  return deeds[0];
}
