import nlp from "compromise";
import { getProvider, isProviderError, type AuthorCharacterInput, type AuthoredCharacter, type ProviderName } from "@/lib/ai";
import { ApiError } from "@/lib/errors";
import { createPrng, hashString } from "@/lib/kernel";
import type { Mode } from "@/lib/shared/caller";
import { DEFAULT_STANCES } from "./profile";

/**
 * AUTHORED mode: a profile invented from a premise (and/or a frame), procedurally and
 * deterministically (the same premise always yields the same character), in every mode. The
 * explicit fields of the request override any of it.
 */
/** The profile fields are the ones a model writes (lib/ai's AuthoredCharacter); the stances are ours. */
export type AuthoredProfile = Omit<AuthoredCharacter, "provider" | "attempts"> & { stances: typeof DEFAULT_STANCES };

const FIRST_NAMES = [
  "Maren",
  "Teodor",
  "Ilse",
  "Corvin",
  "Ada",
  "Bram",
  "Noor",
  "Odile",
  "Piet",
  "Sable",
  "Wren",
  "Juno",
  "Ezra",
  "Lior",
  "Mina",
  "Tamsin",
];
const STYLES = [
  "painterly character portrait, soft rim light",
  "ink-and-watercolor portrait, warm paper tones",
  "cinematic portrait, low-key lighting, film grain",
  "storybook illustration, gentle colors",
];
const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const clean = (s: string) => s.replace(/[{}]/g, "").replace(/\s+/g, " ").trim();

/** What a premise says of its character: "A grumpy street-food chef named Mina who feeds the city's stray cats". */
export interface PremiseReading {
  name?: string;
  /** The character's noun phrase, article lowercased: "a grumpy street-food chef". */
  role: string;
  /** Its head noun: "chef". */
  head: string;
  /** Its adjectives: ["grumpy"]. */
  traits: string[];
  /** What the premise says the character does, in the third person: "secretly feeds the city's stray cats". */
  deed?: string;
  /** What the character knows about: a compound of the role ("street food"), the deed's and the premise's other nouns. */
  topics: string[];
}

const ROLE_END =
  /\s+(?:named|called|who|whom|whose|that|which|with|in|on|at|from|for|by|under|beneath|near|living|haunted|trapped|lost|glimpsed)\b|[,.;:!?]/i;

export function readPremise(pitch: string): PremiseReading {
  const named = /\b(?:named|called)\s+(\p{Lu}[\p{L}'-]+)/u.exec(pitch)?.[1];
  // "Mina, a grumpy chef who …": a name first, then the role.
  const leading = /^(\p{Lu}[\p{L}'-]+),\s+(?=(?:a|an|the)\s)/u.exec(pitch);
  const rest = leading ? pitch.slice(leading[0].length) : pitch;
  const role = (rest.split(ROLE_END)[0] ?? rest).trim().replace(/^(A|An|The)\b/, (w) => w.toLowerCase());
  // "a keeper of gulls": the head is the noun before "of".
  const core = role.split(/\s+of\s+/i)[0]!;
  const words = nlp(core).json()[0] as { terms: { text: string; tags: string[] }[] } | undefined;
  const terms = words?.terms ?? [];
  const head = (terms.at(-1)?.text ?? "wanderer").toLowerCase();
  const traits = terms
    .slice(0, -1)
    .filter((t) => t.tags.includes("Adjective"))
    .map((t) => t.text.toLowerCase());
  // What the role is made of besides its article, adjectives and head: "street-food" → "street food", "lighthouse" → "lighthouses".
  const modifier = core
    .split(/\s+/)
    .slice(0, -1)
    .filter((w) => !/^(?:a|an|the)$/i.test(w) && !traits.includes(w.toLowerCase()))
    .join(" ")
    .replace(/-/g, " ")
    .toLowerCase();
  const uncountable = modifier
    ? (nlp(modifier).json()[0] as { terms: { tags: string[] }[] } | undefined)?.terms.at(-1)?.tags.includes("Uncountable")
    : true;
  const compounds = modifier ? [uncountable ? modifier : nlp(modifier).nouns().toPlural().text() || modifier] : [];
  const ofWhat = /\s+of\s+(.+)$/i.exec(role)?.[1];
  if (ofWhat) compounds.push(ofWhat);
  const deed = /\b(?:who|that)\s+([^.;!?]+)/i.exec(pitch)?.[1]?.trim().replace(/,$/, "");
  const others = (
    nlp(pitch.slice(pitch.indexOf(role) + role.length))
      .nouns()
      .not("#Pronoun")
      .not("#Person")
      .out("array") as string[]
  )
    .map((n) =>
      n
        .replace(/[,.;:!?]+$/, "")
        .replace(/^(?:a|an)\s+/i, "the ")
        .trim(),
    )
    .filter((n) => n.replace(/^the /, "").length > 2 && !/^(?:named|called)\b/i.test(n) && (!named || !n.includes(named)));
  const name = named ?? leading?.[1] ?? (nlp(pitch).people().json()[0] as { text?: string } | undefined)?.text?.replace(/[,.]$/, "");
  return {
    ...(name ? { name } : {}),
    role: role || "a wanderer",
    head,
    traits,
    ...(deed ? { deed } : {}),
    topics: [...new Set([...compounds, ...others])],
  };
}

const FIRST_WORD_OF_ROLE = /^(?:a|an|the)\s+/i;

/** What vision saw in a character's frame: its caption, and a sentence of who and where ("A person in a boat beside a cup."). */
export interface FrameSeen {
  caption: string;
  sentence: string;
}

export function authorProfile(premise: string | undefined, frameRef: string | undefined, seen?: FrameSeen): AuthoredProfile {
  // A frame alone is read for who it shows; with a premise, the premise says who and the frame where.
  const pitch =
    clean(premise ?? "") || clean(seen?.sentence ?? "") || "a stranger glimpsed in a painted frame, with a story they have not told anyone";
  const rng = createPrng(hashString(`character-author-v1|${pitch}|${premise === undefined ? (frameRef ?? "") : ""}`));
  const read = readPremise(pitch);
  const first = read.name ?? rng.pick(FIRST_NAMES);
  const name = `${first} the ${capitalize(read.head)}`;
  const style = rng.pick(STYLES);
  const who = read.deed ? `${read.role} who ${read.deed}` : read.role;
  const topic = read.topics[0] ?? `being ${read.role.replace(FIRST_WORD_OF_ROLE, "a ")}`;
  const secret = read.topics[1] ?? "the past";
  // A character its premise calls grumpy or cold greets a stranger that way.
  const gruff = read.traits.some((t) =>
    /^(grump|gruff|surly|cranky|bitter|cold|stern|angry|cynical|mean|rude|sour|jaded|tired|weary|sullen)/i.test(t),
  );
  const roleNoArticle = read.role.replace(FIRST_WORD_OF_ROLE, "");
  return {
    name,
    persona: `You are ${first}, ${who}. You speak plainly${gruff ? " and shortly" : " and warmly"}, with a dry sense of humor, and you remember what people tell you. You are curious about strangers but slow to trust them.`,
    lore: [
      `${first} is ${read.role}.`,
      read.deed ? `${first} ${read.deed}.` : "",
      `${first} knows a great deal about ${topic}.`,
      `${first} keeps a small secret about ${secret} and tells it only to friends.`,
    ]
      .filter(Boolean)
      .join(" "),
    greeting: gruff
      ? `What do you want? I'm ${first}, and I'm busy.`
      : `Oh, a visitor. I'm ${first}. Not many find their way here; what brings you?`,
    examples: `User: Who are you?\n${first}: ${first}. ${capitalize(roleNoArticle)}, if you want the long version.\nUser: What do you know about ${topic}?\n${first}: More than I'd like to admit. Sit down, it's a long story.`,
    subject: `${first}, ${who}`,
    style,
    scene: seen ? clean(seen.caption) : "",
    intro: { kicker: "Meet", title: name, hint: `Say hello, or ask ${first} about ${topic}.` },
    stances: DEFAULT_STANCES,
  };
}

/**
 * An authored profile from the key's provider: a configured model (`openai-compatible`) writes
 * it; `local` and the test keys' `mock` invent it procedurally (`authorProfile`). A model that
 * gives no usable character is an error (502, nothing created): never a procedural stand-in
 * labelled as the model's.
 */
export async function authorCharacterProfile(
  mode: Mode,
  input: {
    premise?: string;
    frameRef?: string;
    readImage?: () => Promise<AuthorCharacterInput["image"]>;
    lookAtFrame?: () => Promise<FrameSeen | null>;
  },
): Promise<{ profile: AuthoredProfile; source: ProviderName }> {
  const provider = getProvider(mode);
  if (!provider.authorCharacter)
    return { profile: authorProfile(input.premise, input.frameRef, (await input.lookAtFrame?.()) ?? undefined), source: provider.name };
  const image = await input.readImage?.();
  try {
    const written = await provider.authorCharacter({ premise: input.premise, image });
    const { name, persona, lore, greeting, examples, subject, style, scene, intro } = written;
    return {
      profile: { name, persona, lore, greeting, examples, subject, style, scene, intro, stances: DEFAULT_STANCES },
      source: written.provider,
    };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    if (error.code === "cancelled" || error.code === "config")
      throw new ApiError("unavailable", `The character author is unavailable: ${error.message}`);
    throw new ApiError(
      "upstream_failed",
      `The character author (the configured model) failed: ${error.message} Nothing was created or charged; it is safe to retry.`,
    );
  }
}
