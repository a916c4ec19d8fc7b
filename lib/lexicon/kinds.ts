import type { Lexname, Synset } from "./wordnet";

// What kind of thing a noun sense is, read off its hypernym chain: the nearest ancestor that is
// one of the anchors below decides ("kitchen" → room before structure; "submarine" → vehicle;
// "sword" → weapon before device), else the sense's lexicographer file ("chef" → person,
// "desert" → place, "bread" → food). The anchors are WordNet's own upper concepts, named by
// their first word and lexicographer file.

export const KINDS = [
  "person",
  "group",
  "animal",
  "plant",
  "food",
  "body",
  "substance",
  "weather",
  "fire",
  "light",
  "sound",
  "celestial",
  "water",
  "landform",
  "place",
  "room",
  "structure",
  "vehicle",
  "container",
  "furniture",
  "garment",
  "weapon",
  "device",
  "artifact",
  "natural",
  "time",
  "abstract",
] as const;
export type Kind = (typeof KINDS)[number];

/** Kinds a story can be set in or walk through. */
export const PLACE_KINDS: ReadonlySet<Kind> = new Set(["place", "room", "structure", "vehicle", "celestial", "water", "landform"]);
/** Kinds one can hold, take, use or look at closely. */
export const THING_KINDS: ReadonlySet<Kind> = new Set([
  "artifact",
  "device",
  "container",
  "furniture",
  "garment",
  "weapon",
  "food",
  "plant",
  "natural",
  "substance",
]);
/** Kinds one can talk to (or that can act). */
export const BEING_KINDS: ReadonlySet<Kind> = new Set(["person", "group", "animal"]);

/** Anchors: `word:lexname` of an ancestor synset → the kind it gives. */
const ANCHORS: ReadonlyMap<string, Kind> = new Map([
  ["room:artifact", "room"],
  ["compartment:artifact", "room"],
  ["cabin:artifact", "room"],
  ["weapon:artifact", "weapon"],
  ["clothing:artifact", "garment"],
  ["garment:artifact", "garment"],
  ["headdress:artifact", "garment"],
  ["footwear:artifact", "garment"],
  ["furniture:artifact", "furniture"],
  ["furnishing:artifact", "furniture"],
  ["container:artifact", "container"],
  ["vehicle:artifact", "vehicle"],
  ["craft:artifact", "vehicle"],
  ["conveyance:artifact", "vehicle"],
  ["satellite:artifact", "vehicle"],
  ["structure:artifact", "structure"],
  ["way:artifact", "structure"],
  ["area:artifact", "structure"],
  ["facility:artifact", "structure"],
  ["excavation:artifact", "structure"],
  ["establishment:artifact", "structure"],
  ["source of illumination:artifact", "device"],
  ["device:artifact", "device"],
  ["machine:artifact", "device"],
  ["equipment:artifact", "device"],
  ["instrument:artifact", "device"],
  ["celestial body:object", "celestial"],
  ["extraterrestrial object:object", "celestial"],
  ["body of water:object", "water"],
  ["geological formation:object", "landform"],
  ["land:object", "landform"],
  ["shore:object", "landform"],
  ["weather:phenomenon", "weather"],
  ["atmospheric phenomenon:phenomenon", "weather"],
  ["precipitation:phenomenon", "weather"],
  ["fire:event", "fire"],
  ["fire:phenomenon", "fire"],
  ["flame:phenomenon", "fire"],
  ["light:phenomenon", "light"],
  ["sound:phenomenon", "sound"],
  ["sound:event", "sound"],
  ["noise:event", "sound"],
  ["tract:location", "place"],
  ["geographical area:location", "place"],
  ["geographic point:location", "place"],
  ["sound:attribute", "sound"],
  ["document:communication", "artifact"],
  ["written communication:communication", "artifact"],
  ["person:Tops", "person"],
  ["animal:Tops", "animal"],
  ["animal:animal", "animal"],
  ["plant:plant", "plant"],
  ["plant:Tops", "plant"],
  ["food:Tops", "food"],
  ["food:food", "food"],
  ["vegetation:group", "plant"],
  // A school or a church as a body of people is still the building they meet in, for a story.
  ["educational institution:group", "structure"],
  ["institution:group", "structure"],
]);

const BY_LEXNAME: Partial<Record<Lexname, Kind>> = {
  person: "person",
  animal: "animal",
  plant: "plant",
  food: "food",
  body: "body",
  substance: "substance",
  location: "place",
  artifact: "artifact",
  object: "natural",
  time: "time",
};

/** People-like groups ("crew", "family"), told from other groups by an ancestor among these. */
const PEOPLE_GROUPS = new Set(["people", "kin", "family", "organization", "unit", "force", "team", "crew", "tribe", "gang"]);

/**
 * The kind of a sense, given its ancestors nearest first (the sense itself first). Groups of
 * people are `group`; other groups, acts, states and ideas are `abstract`.
 */
export function kindOf(chain: readonly Synset[]): Kind {
  for (const s of chain) {
    for (const w of s.words) {
      const anchored = ANCHORS.get(`${w}:${s.lexname}`);
      if (anchored) return anchored;
    }
  }
  const own = chain[0];
  if (!own) return "abstract";
  if (own.lexname === "group") return chain.some((s) => s.words.some((w) => PEOPLE_GROUPS.has(w))) ? "group" : "abstract";
  // A sense filed with possessions or the like ("pearl" as a jewel) is the thing its nearest concrete ancestor is.
  if (BY_LEXNAME[own.lexname] === undefined && own.lexname === "possession") {
    const concrete = chain.find((s) => s.lexname === "artifact" || s.lexname === "object" || s.lexname === "substance");
    if (concrete) return BY_LEXNAME[concrete.lexname]!;
  }
  // Floods, blizzards, smoke: nature's phenomena are weather to a painter; fortune and luck are not.
  if (own.lexname === "phenomenon") return chain.some((s) => s.words.includes("natural phenomenon")) ? "weather" : "abstract";
  return BY_LEXNAME[own.lexname] ?? "abstract";
}
