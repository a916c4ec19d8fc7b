import { seedSentenceLocally } from "@/lib/ai";
import type { World } from "@/lib/kernel";
import type { SeedDescription } from "@/lib/vision/seed";

// A generation from a seed frame (docs/vision.md "Seed frames"): what vision saw in the frame
// seeds the premise the author reads, and is kept on the entrance's image, whose caption it
// becomes (the entrance image is the seed frame itself).

const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);
const list = (words: string[]) => (words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`);
const capitalize = (text: string) => (text === "" ? text : `${text[0]!.toUpperCase()}${text.slice(1)}`);

/**
 * One sentence of what the frame shows, in the form a premise's reader takes its hero and places
 * from ("A person beside a cup and a dining table."): the most prominent thing leads. The caption
 * itself when nothing was named.
 */
export function seedSentence(seed: SeedDescription): string {
  const things = [...new Set(seed.labels.map((l) => l.trim()).filter(Boolean))].slice(0, 4).map(article);
  if (things.length === 0) return seed.caption;
  return `${capitalize(things[0]!)}${things.length > 1 ? ` beside ${list(things.slice(1))}` : ""}.`;
}

/**
 * The premise the author reads: the caller's premise (its hero stays the hero), then what the
 * frame shows, read through the lexicon on the worker pool ("A person in a boat beside a cup.",
 * lib/ai/local/seed.ts); the plain sentence above if the pool cannot say.
 */
export async function seededPremise(premise: string | undefined, seed: SeedDescription): Promise<string> {
  const own = premise?.trim() ?? "";
  const sentence = await seedSentenceLocally({ labels: seed.labels, caption: seed.caption }).catch(() => seedSentence(seed));
  return own === "" ? sentence : `${own} ${sentence}`;
}

/** The world with the seed frame's description on its entrance image (and the caption as its label, the image's alt text). */
export function withSeedDescription(world: World, seed: SeedDescription): World {
  const label = seed.caption.length <= 100 ? seed.caption : `${seed.caption.slice(0, 99).trimEnd()}…`;
  return { ...world, entrance: { ...world.entrance, image: { ...world.entrance.image, label, seedDescription: seed } } };
}
