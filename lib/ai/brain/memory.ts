import { understand, type Understanding } from "./understand";
import { bare, comparable, contentRoots, expandContractions } from "./words";

// What the character remembers of the player: every earlier line of the player (the history the
// client or the server's transcript gives) and the client's running `memory` notes, read the way
// a new line is read. From it: whether they have met, the player's name, what the player said of
// themselves (turned to "you"), the plans they spoke of, and every reply already given (never
// said twice).

export interface Remembered {
  /** The player has spoken before in this conversation, or the notes say they have met. */
  met: boolean;
  name?: string;
  /** What the player said of themselves, in the second person: "you keep bees". */
  told: { text: string; roots: Set<string> }[];
  /** Risky plans the player spoke of earlier. */
  plans: string[];
  /** Replies already given, comparable form. */
  said: Set<string>;
  /** Everything the character said, comparable form, for "have I told this fact yet". */
  saidText: string;
  insulted: boolean;
  /** The earlier lines, read. */
  lines: Understanding[];
}

const SWAP: Record<string, string> = {
  "i am": "you are",
  "i was": "you were",
  i: "you",
  my: "your",
  mine: "yours",
  me: "you",
  myself: "yourself",
  "you are": "I am",
  "you were": "I was",
  you: "me",
  your: "my",
  yours: "mine",
  yourself: "myself",
};

/** The player's words as the character says them back: "I keep bees" → "you keep bees", "you" → "me". */
export function toSecondPerson(text: string): string {
  const expanded = text
    .replace(/\bI'm\b/g, "I am")
    .replace(/\bI've\b/g, "I have")
    .replace(/\bI'll\b/g, "I will")
    .replace(/\bI'd\b/g, "I would");
  return bare(
    expanded.replace(
      /\b(?:I am|I was|you are|you were|I|my|mine|me|myself|you|your|yours|yourself)\b/gi,
      (w) => SWAP[w.toLowerCase()] ?? w,
    ),
  );
}

const NOTE_NAME = /\b(?:(?:player|user|visitor|their|his|her)(?:'s)? name is|name:)\s*(\p{Lu}[\p{L}'-]+)/u;

export function remember(history: readonly { role: string; text: string }[], memory: string | undefined): Remembered {
  const userLines = history.filter((h) => /^(user|player|human)$/i.test(h.role)).map((h) => h.text);
  const characterLines = history.filter((h) => !/^(user|player|human)$/i.test(h.role)).map((h) => h.text);
  const notes = (memory ?? "").trim();
  // The player's last 12 lines and the notes' last 12, each up to 200 characters: what a
  // conversation needs, at a bounded cost (each line is read once and remembered).
  const lines = [...userLines.slice(-12), ...(notes ? notes.slice(-4000).split(/\n+/).slice(-12) : [])].map((line) =>
    understand(line, 200),
  );
  const told: Remembered["told"] = [];
  const plans: string[] = [];
  // Notes may name the player in their own words: "The player's name is Sam", "name: Sam".
  let name = NOTE_NAME.exec(notes)?.[1];
  for (const line of lines) {
    if (line.name) name = line.name;
    for (const statement of line.aboutPlayer) {
      if (/\bmy name is\b|\bcall me\b/i.test(statement)) continue;
      told.push({ text: toSecondPerson(statement), roots: new Set(contentRoots(statement)) });
    }
    if (line.plan && line.plan.hazard > 0 && !line.threat && line.insult === 0) plans.push(line.plan.act);
  }
  return {
    met: userLines.length > 0 || notes.length > 0,
    ...(name ? { name } : {}),
    told,
    plans,
    said: new Set(characterLines.map(comparable)),
    // Contractions spelled out, so "I've flown" counts as the fact "I have flown" told.
    saidText: comparable(expandContractions(characterLines.join(" \n "))),
    insulted: lines.some((l) => l.insult > 0.3),
    lines,
  };
}
