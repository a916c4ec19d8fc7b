import type { Kind, Lexicon } from "@/lib/lexicon";
import type { Env, Place } from "./cast";

// Places for a premise that names none ("A retired boxer teaches his granddaughter to
// forgive."): a few a story of that genre and era would pass through. The genre is read from
// what the premise's nouns mean: their words, their ancestors and their definitions in the
// lexicon ("boxer": "someone who fights with his fists for sport" → sport). Used only when the
// premise names no setting at all.

interface Genre {
  name: string;
  /** Words of a noun's lemma, ancestors or gloss that point to the genre. */
  cues: RegExp;
  places: Array<[phrase: string, kind: Kind, env: Env]>;
}

const GENRES: Genre[] = [
  {
    name: "space",
    cues: /\b(astronaut|spacecraft|spaceship|starship|space|planet|galaxy|orbit|alien|extraterrestrial|rocket|cosmonaut|android|robot|cyborg)\b/,
    places: [
      ["the airlock", "room", "indoor"],
      ["the observation deck", "room", "indoor"],
      ["the cargo bay", "room", "indoor"],
      ["the command bridge", "room", "indoor"],
      ["the engine room", "room", "indoor"],
      ["the hydroponics bay", "room", "indoor"],
    ],
  },
  {
    name: "sea",
    cues: /\b(sailor|seaman|mariner|fisherman|pirate|captain|whaler|navy|boat|ship|ferry|sea|ocean|fish)\b/,
    places: [
      ["the harbor", "place", "outdoor"],
      ["the long pier", "structure", "outdoor"],
      ["the ship's deck", "structure", "outdoor"],
      ["the fish market", "structure", "outdoor"],
      ["the sea wall", "structure", "outdoor"],
      ["the harbor tavern", "room", "indoor"],
    ],
  },
  {
    name: "western",
    cues: /\b(sheriff|outlaw|cowboy|cowhand|gunslinger|rancher|marshal|bandit|frontier|saloon|horse|cattle)\b/,
    places: [
      ["the saloon", "room", "indoor"],
      ["the main street", "structure", "outdoor"],
      ["the sheriff's office", "room", "indoor"],
      ["the livery stable", "structure", "outdoor"],
      ["the dry creek bed", "landform", "outdoor"],
      ["the railroad depot", "structure", "outdoor"],
    ],
  },
  {
    name: "japan",
    cues: /\b(samurai|ninja|ronin|shogun|geisha|japan|japanese|kimono|katana|daimyo)\b/,
    places: [
      ["the temple gate", "structure", "outdoor"],
      ["the tea house", "room", "indoor"],
      ["the bamboo grove", "place", "outdoor"],
      ["the castle town", "place", "outdoor"],
      ["the rice terraces", "place", "outdoor"],
      ["the mountain pass", "landform", "outdoor"],
    ],
  },
  {
    name: "fantasy",
    cues: /\b(knight|king|queen|prince|princess|witch|wizard|sorcerer|sorceress|mage|dragon|elf|dwarf|fairy|troll|giant|ogre|squire|monarch|sovereign|magic|magician|mythical|spell|kingdom)\b/,
    places: [
      ["the castle gate", "structure", "outdoor"],
      ["the village square", "place", "outdoor"],
      ["the old forest", "landform", "outdoor"],
      ["the tower stair", "structure", "indoor"],
      ["the banquet hall", "room", "indoor"],
      ["the river ford", "water", "outdoor"],
    ],
  },
  {
    name: "crime",
    cues: /\b(detective|thief|burglar|spy|agent|police|policeman|cop|criminal|murderer|assassin|gangster|smuggler|crime|heist|lawyer|investigator)\b/,
    places: [
      ["the rain-wet alley", "structure", "outdoor"],
      ["the police station", "structure", "indoor"],
      ["the back booth of the diner", "room", "indoor"],
      ["the hotel lobby", "room", "indoor"],
      ["the docks", "structure", "outdoor"],
      ["the rooftop", "structure", "outdoor"],
    ],
  },
  {
    name: "horror",
    cues: /\b(ghost|spirit|phantom|vampire|zombie|demon|curse|haunt|haunted|witch|monster|werewolf|corpse|specter|spectre)\b/,
    places: [
      ["the old house", "structure", "outdoor"],
      ["the cellar", "room", "indoor"],
      ["the churchyard", "place", "outdoor"],
      ["the attic", "room", "indoor"],
      ["the long corridor", "room", "indoor"],
      ["the woods behind the house", "landform", "outdoor"],
    ],
  },
  {
    name: "sport",
    cues: /\b(boxer|athlete|sport|sports|runner|swimmer|wrestler|coach|player|team|fighter|footballer|champion|game|competition|race)\b/,
    places: [
      ["the gym", "room", "indoor"],
      ["the changing room", "room", "indoor"],
      ["the ring", "structure", "indoor"],
      ["the empty bleachers", "structure", "outdoor"],
      ["the parking lot", "place", "outdoor"],
      ["the corner diner", "room", "indoor"],
    ],
  },
  {
    name: "war",
    cues: /\b(soldier|army|war|battle|general|officer|troops|regiment|sergeant|veteran|warrior|military)\b/,
    places: [
      ["the trench line", "structure", "outdoor"],
      ["the field hospital", "structure", "indoor"],
      ["the bombed-out church", "structure", "outdoor"],
      ["the command tent", "structure", "indoor"],
      ["the river crossing", "water", "outdoor"],
      ["the ruined farmhouse", "structure", "outdoor"],
    ],
  },
  {
    name: "school",
    cues: /\b(student|pupil|teacher|schoolgirl|schoolboy|professor|school|class|exam|classmate)\b/,
    places: [
      ["the classroom", "room", "indoor"],
      ["the school library", "room", "indoor"],
      ["the schoolyard", "place", "outdoor"],
      ["the bus stop", "structure", "outdoor"],
      ["the gymnasium", "room", "indoor"],
      ["the corner shop", "room", "indoor"],
    ],
  },
];

const HOME: Genre["places"] = [
  ["the kitchen", "room", "indoor"],
  ["the front porch", "structure", "outdoor"],
  ["the living room", "room", "indoor"],
  ["the bus stop", "structure", "outdoor"],
  ["the park bench", "place", "outdoor"],
  ["the corner shop", "room", "indoor"],
];

/** Every stock place, for the quality test's count of states a premise did not give. */
export const STOCK_PLACES: readonly string[] = [...GENRES.flatMap((g) => g.places), ...HOME].map(([phrase]) => phrase);

/** The genre's places for a premise's nouns (its protagonist's first), else a home's. */
export function stockPlaces(nouns: readonly string[], lexicon: Lexicon): Place[] {
  const text = nouns
    .map((n) => {
      const s = lexicon.pick(lexicon.headOf(n) ?? n);
      return s ? [n, s.lemma, ...s.ancestors.slice(0, 4), s.gloss].join(" ") : n;
    })
    .join(" ")
    .toLowerCase();
  const genre = GENRES.find((g) => g.cues.test(text));
  return (genre?.places ?? HOME).map(([phrase, kind, env]) => ({ phrase, head: phrase.split(" ").slice(-1)[0]!, kind, env, own: false }));
}
