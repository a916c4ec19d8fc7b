import { getProvider, isProviderError, type AuthorCharacterInput, type AuthoredCharacter, type ProviderName } from "@/lib/ai";
import { ApiError } from "@/lib/errors";
import { createPrng, hashString } from "@/lib/kernel";
import type { Mode } from "@/lib/keys/key-string";
import { DEFAULT_STANCES } from "./profile";

/**
 * AUTHORED mode: a profile invented from a premise (and/or a frame), procedurally and
 * deterministically (the same premise always yields the same character), in every mode. The
 * explicit fields of the request override any of it.
 */
/** The profile fields are the ones a model writes (lib/ai's AuthoredCharacter); the stances are ours. */
export type AuthoredProfile = Omit<AuthoredCharacter, "provider" | "attempts"> & { stances: typeof DEFAULT_STANCES };

const FIRST_NAMES = ["Maren", "Teodor", "Ilse", "Corvin", "Ada", "Bram", "Noor", "Odile", "Piet", "Sable", "Wren", "Juno", "Ezra", "Lior", "Mina", "Tamsin"];
const STYLES = [
  "painterly character portrait, soft rim light",
  "ink-and-watercolor portrait, warm paper tones",
  "cinematic portrait, low-key lighting, film grain",
  "storybook illustration, gentle colors",
];
const STOP = new Set("a an the and or of to in on at for with who whom whose that which this from into onto by as is are was were be been being has have had their his her its they them he she it you your my our not but all any only also very just old young".split(" "));

const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const clean = (s: string) => s.replace(/[{}]/g, "").replace(/\s+/g, " ").trim();

function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}]{3,}/gu) ?? []).filter((w) => !STOP.has(w)).slice(0, 24);
}

export function authorProfile(premise: string | undefined, frameRef: string | undefined): AuthoredProfile {
  const pitch = clean(premise ?? "") || "a stranger glimpsed in a painted frame, with a story they have not told anyone";
  const rng = createPrng(hashString(`character-author-v1|${pitch}|${premise === undefined ? frameRef ?? "" : ""}`));
  const named = /\b(?:named|called)\s+([A-Z][\p{L}'-]+)/u.exec(pitch)?.[1];
  const first = named ?? rng.pick(FIRST_NAMES);
  const words = contentWords(pitch);
  const role = words[0] ? words[0] : "wanderer";
  const topic = words[1] ?? words[0] ?? "the road";
  const name = `${first} the ${capitalize(role)}`;
  const style = rng.pick(STYLES);
  const sentence = pitch.replace(/[.!?]+$/, "");
  return {
    name,
    persona: `You are ${first}, ${sentence}. You speak plainly and warmly, with a dry sense of humor, and you remember what people tell you. You are curious about strangers but slow to trust them.`,
    lore: `${first} is ${sentence}. ${first} knows a great deal about ${topic}. ${first} has a small secret about ${role === topic ? "the past" : role} that they share only with people they trust.`,
    greeting: `Oh, a visitor. I'm ${first}. Not many find their way here; what brings you?`,
    examples: `User: Who are you?\n${first}: ${first}. ${capitalize(sentence)}, if you want the long version.\nUser: What do you know about ${topic}?\n${first}: More than I'd like to admit. Sit down, it's a long story.`,
    subject: `${first}, ${sentence}`,
    style,
    scene: "",
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
  input: { premise?: string; frameRef?: string; readImage?: () => Promise<AuthorCharacterInput["image"]> },
): Promise<{ profile: AuthoredProfile; source: ProviderName }> {
  const provider = getProvider(mode);
  if (!provider.authorCharacter) return { profile: authorProfile(input.premise, input.frameRef), source: provider.name };
  const image = await input.readImage?.();
  try {
    const written = await provider.authorCharacter({ premise: input.premise, image });
    const { name, persona, lore, greeting, examples, subject, style, scene, intro } = written;
    return { profile: { name, persona, lore, greeting, examples, subject, style, scene, intro, stances: DEFAULT_STANCES }, source: written.provider };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    if (error.code === "cancelled" || error.code === "config") throw new ApiError("unavailable", `The character author is unavailable: ${error.message}`);
    throw new ApiError("upstream_failed", `The character author (the configured model) failed: ${error.message} Nothing was created or charged; it is safe to retry.`);
  }
}

/** A portrait placeholder cover (SVG data URI) from a hash of the name and subject; no paint spend. */
export function placeholderCover(name: string, subject: string): string {
  const rng = createPrng(hashString(`character-cover-v1|${name}|${subject}`));
  const hue = rng.int(360);
  // The first code point, not the first UTF-16 unit: half of an emoji cannot be URI-encoded.
  const initial = (Array.from(name.trim())[0] ?? "?").toUpperCase().replace(/[<>&"']/g, "?");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720">` +
    `<defs><radialGradient id="g" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="hsl(${hue},45%,58%)"/><stop offset="1" stop-color="hsl(${(hue + 30) % 360},40%,14%)"/></radialGradient></defs>` +
    `<rect width="1280" height="720" fill="url(#g)"/>` +
    `<ellipse cx="640" cy="300" rx="120" ry="140" fill="hsl(${(hue + 180) % 360},25%,22%)"/>` +
    `<path d="M400 720 C420 520 540 470 640 470 C740 470 860 520 880 720 Z" fill="hsl(${(hue + 180) % 360},25%,22%)"/>` +
    `<text x="640" y="335" font-family="sans-serif" font-size="110" text-anchor="middle" fill="hsl(${hue},60%,85%)">${initial}</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
