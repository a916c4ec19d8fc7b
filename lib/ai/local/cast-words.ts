// The words the cast reader (cast.ts) weighs: prepositions of place, number words, how wide each
// kind of place is, which parts are somewhere to go, the places a setting of each kind has, and
// the words of space, underwater and underground.
import type { Kind } from "@/lib/lexicon";

export const SPATIAL = new Set([
  "in",
  "on",
  "at",
  "aboard",
  "inside",
  "within",
  "beneath",
  "under",
  "underneath",
  "below",
  "across",
  "through",
  "into",
  "onto",
  "near",
  "around",
  "along",
  "behind",
  "beyond",
  "over",
  "among",
  "amid",
  "outside",
  "atop",
  "upon",
]);
export const UNDER = new Set(["beneath", "under", "underneath", "below"]);
/** Prepositions that put the story inside something. */
export const INSIDE = new Set(["in", "inside", "within", "aboard", "into"]);
export const NUMBERS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 3,
  five: 3,
  six: 3,
  seven: 3,
  eight: 3,
  nine: 3,
  ten: 3,
  eleven: 3,
  twelve: 3,
  both: 2,
  pair: 2,
  twins: 2,
  couple: 2,
  dozen: 3,
};
/** How wide a place of each kind is: the widest frames the rest. */
/** WordNet's most general places: a sense directly under them names no place of its own. */
export const GENERAL_PLACES = new Set(["location", "point"]);
export const SCALE: Partial<Record<Kind, number>> = { celestial: 6, water: 5, landform: 4, place: 4, structure: 3, vehicle: 3, room: 2 };
/** Parts one can stand in or walk to, told by an ancestor ("deck" is a platform, "nave" an area). */
export const WALKABLE_ANCESTORS = new Set([
  "area",
  "platform",
  "passage",
  "passageway",
  "way",
  "enclosure",
  "court",
  "porch",
  "chapel",
  "tower",
  "building",
  "landing",
  "dock",
  "deck",
  "road",
  "path",
  "yard",
  "field",
  "room",
  "compartment",
  "space",
  "hall",
  "gallery",
  "station",
  "natural elevation",
  "geological formation",
  "body of water",
  "region",
  "tract",
  "structure",
]);
/** Parts that are surfaces or fittings of a building, not somewhere to go. */
export const NOT_PLACES = new Set([
  "wall",
  "floor",
  "corner",
  "ceiling",
  "shaft",
  "cornerstone",
  "cullis",
  "foundation",
  "partition",
  "bulkhead",
  "bulwark",
  "skeleton",
  "skin",
  "top",
  "sheet",
  "stern",
  "fin",
  "window",
  "elevator",
  "roof light",
  "amen corner",
  "rood screen",
  "presbytery",
  "exterior",
  "interior",
  "annex",
  "point",
  "storage space",
]);

/** The places a setting of each kind has, around it ("the surface of the comet"). `{S}` is the setting. */
export const KIND_PLACES: Partial<Record<Kind, string[]>> = {
  celestial: ["the surface of {S}", "a crater on {S}", "the dark side of {S}", "the ice fields of {S}", "the far horizon of {S}"],
  water: ["the shore of {S}", "the shallows of {S}", "the depths of {S}", "a rock in {S}", "the open water of {S}"],
  landform: ["the foot of {S}", "the slopes of {S}", "the heart of {S}", "a ledge on {S}", "the far edge of {S}"],
  place: ["the edge of {S}", "the heart of {S}", "a crossroads in {S}", "the outskirts of {S}", "the oldest corner of {S}"],
  structure: ["the entrance of {S}", "the heart of {S}", "the back of {S}", "the roof of {S}", "the oldest corner of {S}"],
  vehicle: ["the deck of {S}", "the hold of {S}", "the cabin of {S}", "the bridge of {S}", "the stern of {S}"],
  room: ["the doorway of {S}", "the far corner of {S}", "the middle of {S}", "the window of {S}", "a shadowy nook of {S}"],
};
/** The indoor kinds of place (a kind-place phrase keeps its setting's env otherwise). */
export const INDOOR_TEMPLATES = new Set([
  "the hold of {S}",
  "the cabin of {S}",
  "the bridge of {S}",
  "the heart of {S}",
  "the back of {S}",
  "the oldest corner of {S}",
  "the far corner of {S}",
  "the middle of {S}",
  "the doorway of {S}",
  "a shadowy nook of {S}",
  "the window of {S}",
]);

export const BUILT: ReadonlySet<Kind> = new Set(["structure", "vehicle", "room"]);
/** Generic ancestors whose parts are named with their owner ("the greenhouse stairway", not "the stairway"). */
export const GENERIC_OWNERS = new Set(["building", "house", "dwelling", "housing", "mansion", "room", "structure"]);
/** Ancestors whose parts belong to any workplace, not to this one ("a farm's locker room"). */
export const NO_PARTS_FROM = new Set(["workplace", "establishment", "facility"]);
/** Generic owners whose parts are a building's rooms. */
export const HOUSE_OWNERS = new Set(["building", "house", "dwelling", "housing", "mansion"]);
export const SPACE_WORDS =
  /\b(space|orbit|orbiting|zero-g|zero gravity|asteroid|comet|planet|moon|nebula|galaxy|starship|spaceship|space station|spacecraft)\b/i;
export const UNDERWATER_WORDS =
  /\b(underwater|undersea|seabed|sea floor|ocean floor|sea bed|coral reef|bathysphere|submarine|scuba|diver|divers)\b/i;
export const UNDERGROUND_WORDS =
  /\b(underground|beneath the (earth|ground|city|mountain)|under the (earth|ground|city|mountain)|cave|cavern|mine|catacombs?|tunnels?|sewers?|bunker|crypt)\b/i;
