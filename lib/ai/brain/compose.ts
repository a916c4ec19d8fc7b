import type { Fact, SelfRef } from "./facts";
import { toSecondPerson, type Remembered } from "./memory";
import { planCore, sayFact } from "./render";
import type { Understanding } from "./understand";
import { inVoice, type Voice } from "./voice";
import { bare, capitalize, comparable } from "./words";

// The reply, part by part, from what was understood: a greeting answered in kind (first meeting
// or return), then the line's main act (an insult, a danger, a farewell, a question answered from
// the fact that matches it, kindness, what the player told of themselves), in the character's
// voice. `variant` turns every part to another of its shapes; the caller tries variants until the
// reply is one not said before and contains no persona or lore sentence whole.

export interface Mind {
  facts: Fact[];
  voice: Voice;
  self: SelfRef;
  greeting: string;
  /** How many facts hold each lemma (rarer lemmas weigh more in a match). */
  df: ReadonlyMap<string, number>;
}

export interface Scene {
  heard: Understanding;
  memory: Remembered;
  /** 0..1: how dangerous the player's plan is to this character (lore included). */
  danger: number;
  /** The lore fact the plan touches, if any. */
  dangerFact?: Fact;
  tone: "warm" | "stern" | "hurt" | "worried" | "even";
  rapport: number;
  /** How many replies were refused before this one (said before, or pasting a source sentence): facts take their next shape. */
  retry: number;
}

const rot = <T>(items: readonly T[], k: number): T => items[((k % items.length) + items.length) % items.length]!;

/** How well a fact answers a question: shared lemmas (rare ones weigh more) and the kind of answer asked for. */
export function scoreFact(
  fact: Fact,
  roots: readonly string[],
  wh: string | undefined,
  df: ReadonlyMap<string, number>,
  total: number,
): number {
  let score = 0;
  for (const r of roots) if (fact.roots.has(r)) score += Math.log(1 + total / (df.get(r) ?? 1));
  if (score === 0) return 0;
  // The lore answers questions; the persona says who the character is. A fact about the thing asked after ranks first.
  if (fact.source === "lore") score += 0.3;
  if (fact.subject && roots.some((r) => fact.subject.toLowerCase().includes(r))) score += 0.5;
  if ((wh === "when" || wh === "howmany") && fact.time) score += 0.8;
  if (wh === "where" && fact.place) score += 0.8;
  if (wh === "who" && fact.people.length > 0) score += 0.5;
  return score;
}

/** The best facts for some lemmas, best first; facts already told (their words in an earlier reply) last. */
/** A fact is told once every longer word of it has been said. */
export const isTold = (f: Fact, memory: Remembered) =>
  comparable(bare(f.first))
    .split(" ")
    .filter((w) => w.length > 3)
    .every((w) => memory.saidText.includes(w));

export function factsFor(mind: Mind, roots: readonly string[], wh: string | undefined, memory: Remembered): Fact[] {
  return (
    mind.facts
      .map((f) => ({ f, s: scoreFact(f, roots, wh, mind.df, mind.facts.length), told: isTold(f, memory) }))
      .filter((x) => x.s > 0)
      // A fact already told gives way to one not yet told, unless it answers much better.
      .sort((a, b) => b.s * (b.told ? 0.5 : 1) - a.s * (a.told ? 0.5 : 1))
      .map((x) => x.f)
  );
}

function address(mind: Mind, scene: Scene, k: number): string {
  const name = scene.memory.name;
  if (scene.tone === "stern" || scene.tone === "hurt") return "";
  if (name && k % 2 === 0) return `, ${name}`;
  if (mind.voice.address.length > 0 && scene.rapport > 0.1 && k % 3 === 1) return `, ${rot(mind.voice.address, k)}`;
  return "";
}

function opener(mind: Mind, scene: Scene, k: number): string {
  if (mind.voice.terse || mind.voice.openers.length === 0 || scene.tone === "stern" || scene.tone === "hurt" || k % 3 === 2) return "";
  return `${rot(mind.voice.openers, k)}, `;
}

function greetingPart(mind: Mind, scene: Scene, k: number): string | undefined {
  const { heard, memory } = scene;
  if (!heard.greeting) return undefined;
  const word = heard.greetingWord ? `Good ${heard.greetingWord}` : rot(["Hello", "Well, hello"], k);
  if (memory.met)
    return rot(
      [
        `${word} again${address(mind, scene, k)}. I'm glad you came back.`,
        `You're back${address(mind, scene, k)}. ${word}.`,
        `${word}. I'm glad to see you again.`,
      ],
      k,
    );
  // A first meeting: the character's own greeting when it has not been said yet, else a greeting back and a name.
  if (mind.greeting && !memory.said.has(comparable(mind.greeting))) return mind.greeting;
  const asksWho = heard.question && (heard.question.wh === "who" || heard.question.roots.length > 0);
  return asksWho
    ? `${word} to you.`
    : rot([`${word} to you. I'm ${mind.voice.name}.`, `${word}. I'm ${mind.voice.name}; what can I do for you?`], k);
}

function insultPart(mind: Mind, scene: Scene, k: number): string {
  // A stern character stands on what it has done: a fact of its own with a span of years, not yet told.
  const proud = mind.facts.find(
    (f) => f.self && f.time && /\d|years?|decades?|ages/i.test(f.time) && f.valence >= 0 && !isTold(f, scene.memory),
  );
  if (scene.tone === "stern") {
    const rebuke = rot(
      [
        "Mind your tongue with me.",
        "You'll not speak to me like that.",
        "I'll not be spoken to like that.",
        "That's enough of that, I say.",
      ],
      k,
    );
    return proud ? `${rebuke} ${sayFact(proud, mind.voice, "when", scene.retry)}` : rebuke;
  }
  return rot(
    [
      "That was unkind. I've done you no harm.",
      "That stings, you know. I'm only trying to help.",
      "Why would you say that to me?",
      "I didn't deserve that from you.",
    ],
    k,
  );
}

function dangerPart(mind: Mind, scene: Scene, k: number): string {
  const plan = scene.heard.plan!;
  const core = planCore(plan.act);
  const night = /\b(night|tonight|dark|midnight)\b/i.test(plan.act);
  const plea = night
    ? rot(["Wait for daylight, I beg you.", "Wait until morning, for my sake.", "Not in the dark. Please, I mean it."], k)
    : rot(["Please, I mean it: think again.", "Promise me you'll be careful.", "I'm begging you, don't."], k);
  const warn = `${rot(["Don't", "Please don't", "No, don't"], k)} ${core}${address(mind, scene, k)}.`;
  const fact = scene.dangerFact ? ` ${sayFact(scene.dangerFact, mind.voice, "when", scene.retry)}` : "";
  return `${warn}${fact} ${plea}`;
}

function farewellPart(mind: Mind, scene: Scene, k: number): string {
  const plan = scene.memory.plans.at(-1);
  const keep = plan ? ` And don't ${planCore(plan)}.` : "";
  const close =
    scene.rapport > 0.25
      ? rot([" Come back and see me.", " I'll be glad to see you again.", " You'll always be welcome with me."], k)
      : scene.tone === "stern"
        ? " I'll be here."
        : rot([" Mind how you go; I'll be here.", " Safe home. I'll be here."], k);
  return `${rot(["Go carefully", "Goodbye, then", "Safe travels", "Off you go, then"], k)}${address(mind, scene, k)}.${keep}${close}`;
}

function kindPart(mind: Mind, scene: Scene, k: number): string {
  const gift = scene.heard.gift;
  if (gift) {
    const thing = toSecondPerson(gift.thing);
    return rot(
      [
        `${capitalize(thing)}, for me? That's kind of you${address(mind, scene, k)}.`,
        `You ${gift.verb} me ${thing}? Thank you${address(mind, scene, k)}.`,
      ],
      k,
    );
  }
  return rot(
    [
      `That's kind of you${address(mind, scene, k)}. I'll remember it.`,
      "Thank you. I don't hear that often.",
      `You're good to me${address(mind, scene, k)}.`,
      "That warms me, it does.",
    ],
    k,
  );
}

/** What it knows nothing of, said plainly, and what it could talk about instead. */
function unknownPart(mind: Mind, scene: Scene, k: number): string {
  const q = scene.heard.question;
  // The player's words turned to the character's side: "my father" is "your father", "your name" is "my name".
  const topic = q?.topic ? q.topic.replace(/\b(?:my|your)\b/gi, (w) => (w.toLowerCase() === "my" ? "your" : "my")) : "";
  const back = callback(scene);
  const topics = mind.voice.topics.slice(0, 2);
  const home = topics.length === 2 ? `${topics[0]} and the ${topics[1]}` : (topics[0] ?? "what's around me");
  const lead = topic
    ? rot(
        [
          `${capitalize(topic)}? I couldn't tell you.`,
          `I don't know anything about ${topic}.`,
          `${capitalize(topic)}... that's beyond me.`,
        ],
        k,
      )
    : rot(["I don't know, truly.", "That I couldn't tell you.", "I've no idea, I'm afraid."], k);
  return `${back ? `${back} ` : ""}${lead} ${rot([`Ask me about the ${home} instead.`, `I know the ${home}, not much past that.`, `The ${home}, now, that I can talk about.`], k)}`;
}

/** A yes-or-no about the character that its lore does not settle: an honest shrug, not a made-up fact. */
function selfShrug(scene: Scene, k: number): string {
  const topic = scene.heard.question!.topic.replace(/\b(?:my|your)\b/gi, (w) => (w.toLowerCase() === "my" ? "your" : "my"));
  const lead = topic ? `${capitalize(topic)}? ` : "";
  return `${lead}${rot(["I've never really thought about it.", "I couldn't say, truly; nobody's asked me that.", "I'd have to think about that one."], k)}`;
}

/** A line with nothing to answer ("ok", "haha"): heard, and an opening for more. */
function nodPart(scene: Scene, k: number): string {
  if (/\b(?:ha(?:ha)+|he(?:he)+|lol|lmao)\b|[😂🤣😄😀🙂😊]/u.test(scene.heard.text))
    return rot(["Glad I amuse you.", "You find me funny, do you? Well, I'll take it."], k);
  return rot(["Go on; I'm listening.", "I hear you. Tell me more.", "Mm. I'm listening."], k);
}

function recallPart(scene: Scene, k: number): string {
  const { memory } = scene;
  const told = memory.told.at(-1);
  const name = memory.name
    ? rot([`You're ${memory.name}.`, `Your name's ${memory.name}; I haven't forgotten.`], k)
    : "You haven't told me your name yet.";
  return told ? `${name} And you told me ${told.text}.` : name;
}

function wellbeingPart(scene: Scene, k: number): string {
  if (scene.tone === "warm") return rot(["Well enough, and better for the company.", "Better now that someone's come by."], k);
  if (scene.tone === "hurt" || scene.tone === "stern") return rot(["I've been better.", "Not so well, since you ask."], k);
  return rot(["Fair enough, thank you for asking.", "Getting by, as ever."], k);
}

/** Something the player told earlier that this line touches, said back once. */
function callback(scene: Scene): string | undefined {
  const roots = new Set(scene.heard.roots);
  const told = scene.memory.told.find((t) => [...t.roots].some((r) => roots.has(r)) && !scene.memory.saidText.includes(comparable(t.text)));
  return told ? `You told me ${told.text}.` : undefined;
}

/** The reply's parts for one variant. */
export function composeReply(mind: Mind, scene: Scene, k: number): string {
  const { heard } = scene;
  const parts: string[] = [];
  const greet = greetingPart(mind, scene, k);
  if (greet) parts.push(greet);
  const q = heard.question;
  if (heard.threat)
    parts.push(
      rot(
        ["Don't. Please, I've done nothing to you.", "You're frightening me. Put that thought away.", "Stay back from me. I mean it."],
        k,
      ),
    );
  else if (heard.insult > 0) parts.push(insultPart(mind, scene, k));
  else if (scene.danger >= 0.3 && heard.plan) parts.push(dangerPart(mind, scene, k));
  else if (heard.farewell) parts.push(farewellPart(mind, scene, k));
  else if (q?.recall) parts.push(recallPart(scene, k));
  else if (q?.wellbeing) parts.push(wellbeingPart(scene, k));
  else if (q) {
    if (heard.kindness > 0) parts.push(kindPart(mind, scene, k));
    // "Who are you?", "What are you?", "What's your name?": the character says who it is.
    const asksIdentity =
      (q.aboutYou && q.roots.length === 0 && (q.wh === "who" || q.wh === "what")) ||
      /\b(?:your name|what are you called|what do (?:they|people) call you)\b/i.test(q.text);
    const found = asksIdentity ? [] : factsFor(mind, q.roots, q.wh, scene.memory);
    const fact = found[0] ?? (asksIdentity ? mind.facts.find((f) => f.self) : undefined);
    if (fact) {
      const yes =
        q.wh === "yesno" && q.roots.length > 0 && q.roots.every((r) => fact.roots.has(r))
          ? `${rot(["Yes", "I am", "That's right"], k)}. `
          : "";
      const back = callback(scene);
      const again = isTold(fact, scene.memory) ? rot(["As I said, ", "Like I told you, "], k) : "";
      const said = again + lowerStart(sayFact(fact, mind.voice, q.wh, scene.retry));
      // No opener before a line that names its topic first ("The lamp? It …").
      const open = /^[^?]{1,60}\?\s/.test(said) ? "" : opener(mind, scene, k);
      parts.push(capitalize(`${back ? `${back} ` : ""}${yes}${open}${yes || open ? lowerStart(said) : said}`));
    } else if (/^(?:are|were|do|did|have|had) you\b/i.test(q.text) && !q.aboutMe) parts.push(selfShrug(scene, k));
    else parts.push(unknownPart(mind, scene, k));
  } else if (heard.kindness > 0) parts.push(kindPart(mind, scene, k));
  else if (heard.plan)
    parts.push(
      rot(
        [
          `You'll ${planCore(heard.plan.act)}? Then go well, and tell me how it went.`,
          `${capitalize(planCore(heard.plan.act))}, is it? Good luck to you.`,
        ],
        k,
      ),
    );
  else if (heard.sadness)
    parts.push(
      rot(
        ["I'm sorry. Sit a while; it helps to say it out loud.", "That sounds heavy. I'm listening.", "You're not as alone as it feels."],
        k,
      ),
    );
  else if (heard.aboutPlayer.length > 0) parts.push(toldPart(mind, scene, k));
  else if (!greet) {
    const found = factsFor(mind, heard.roots, undefined, scene.memory);
    if (found[0])
      parts.push(
        `${rot(["That puts me in mind of something.", "Funny you should say so.", "Now that you mention it..."], k)} ${sayFact(found[0], mind.voice, undefined, scene.retry)}`,
      );
    else parts.push(nodPart(scene, k));
  }
  return inVoice(parts.join(" ").replace(/\s+/g, " ").trim(), mind.voice);
}

function lowerStart(line: string): string {
  return /^(I\b|I'|\p{Lu}\p{L}+\s+\p{Lu})/u.test(line) ? line : line.charAt(0).toLowerCase() + line.slice(1);
}

function toldPart(mind: Mind, scene: Scene, k: number): string {
  const said = scene.heard.aboutPlayer[0]!;
  const back = toSecondPerson(said);
  const found = factsFor(mind, scene.heard.roots, undefined, scene.memory)[0];
  const lead = rot([`So ${back}. I'll remember that.`, `${capitalize(back)}? I'll not forget it.`], k);
  return found
    ? `${lead} ${sayFact(found, mind.voice, undefined, scene.retry)}`
    : `${lead} ${rot(["What brings you out here, then?", "And what brings you to me?"], k)}`;
}
