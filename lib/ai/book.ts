import type { ActInput, AuthorResult, Bible, Chapter, Provider, SegmentOptions } from "./provider";
import { cleanBookText, cleanHeading } from "./local/book-text";
import { capitalize, cleanText, extractStory, sentences, truncate } from "./local/text";

// The book stages every provider shares: segmentation is procedural everywhere (headings are a
// matter of layout, not of taste), and the procedural bible serves `mock` and `local`.

/** The hard cap on chapters (campaign acts: 2..12, docs/campaigns.md). */
export const MAX_CHAPTERS = 12;
/** Books without headings are cut into parts of about this many characters. */
const PART_CHARS = 8_000;

const NUMBER_WORDS =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty";
const HEADING = new RegExp(
  `^\\s*(?:(?:chapter|chap\\.|book|part|act|stave|canto|kapitel|chapitre|cap[ií]tulo|capitolo|hoofdstuk|глава)\\s*(?:[0-9]{1,3}|[ivxlcdm]{1,8}|${NUMBER_WORDS})\\b.*|prologue|epilogue|interlude|#{1,3}\\s+\\S.*)\\s*$`,
  "iu",
);
/** A line that is only a number or an upper-case Roman numeral ("XII.", "7"). */
const NUMBER_LINE = /^\s*(?:[IVXLCDM]{1,8}|[0-9]{1,3})\.?\s*$/;
const SEPARATOR = /^\s*(?:\*\s*\*\s*\*|\*{3,}|-{3,}|~{3,}|#\s*#\s*#)\s*$/;

/** Whether a line is a chapter heading ("Chapter 3", "CHAPTER IV. The Sea", "## Part Two", "XII."). */
export function isHeading(line: string): boolean {
  return line.trim().length > 0 && line.length <= 90 && (HEADING.test(line) || NUMBER_LINE.test(line));
}

function headingTitle(line: string): string {
  return truncate(cleanText(cleanHeading(line.replace(/^\s*#{1,3}\s+/, ""))), 80);
}

/** A preamble that is the edition's front matter (a title page, a preface, a table of contents), not a prologue of the story. */
const FRONT_MATTER = /^\s*(?:contents|table of contents|preface|list of illustrations|illustrations|dedication)\s*\.?\s*$/im;

function splitBySize(text: string): string[] {
  const paragraphs = text.split(/\n\s*\n/);
  const parts: string[] = [];
  let current = "";
  for (const p of paragraphs) {
    if (current.length > 0 && current.length + p.length > PART_CHARS) {
      parts.push(current);
      current = "";
    }
    current = current.length === 0 ? p : `${current}\n\n${p}`;
  }
  if (current.trim().length > 0) parts.push(current);
  return parts;
}

/** Merges adjacent chapters so that at most `max` remain (even groups, order kept). */
function capChapters(chapters: Chapter[], max: number): Chapter[] {
  if (chapters.length <= max) return chapters;
  const size = Math.ceil(chapters.length / max);
  const out: Chapter[] = [];
  for (let i = 0; i < chapters.length; i += size) {
    const group = chapters.slice(i, i + size);
    const first = group[0] as Chapter;
    const last = group[group.length - 1] as Chapter;
    out.push({
      index: out.length,
      title: group.length === 1 ? first.title : truncate(`${first.title} – ${last.title}`, 80),
      text: group.map((c) => c.text).join("\n\n"),
    });
  }
  return out;
}

/**
 * Book text → chapters: at headings when there are any (a table of contents or a heading with
 * no body is skipped; a long preamble becomes a prologue), else at scene breaks, else in parts
 * of about 8,000 characters; adjacent chapters merge to stay within `maxChapters` (12).
 */
export function segmentText(text: string, options: SegmentOptions = {}): Chapter[] {
  const max = Math.max(1, Math.min(MAX_CHAPTERS, options.maxChapters ?? MAX_CHAPTERS));
  const normalized = cleanBookText(text);
  if (normalized.trim().length === 0) return [];
  const lines = normalized.split("\n");
  const raw: { title: string; text: string }[] = [];

  const headings = lines.map((l, i) => (isHeading(l) ? i : -1)).filter((i) => i >= 0);
  if (headings.length > 0) {
    const preamble = lines.slice(0, headings[0]).join("\n").trim();
    if (preamble.length >= 400 && !FRONT_MATTER.test(preamble)) raw.push({ title: "Prologue", text: preamble });
    headings.forEach((start, k) => {
      const end = headings[k + 1] ?? lines.length;
      let title = headingTitle(lines[start] as string);
      let bodyStart = start + 1;
      // "CHAPTER I" followed by a short title line: "CHAPTER I: The Sea".
      const next = lines[bodyStart]?.trim() ?? "";
      if (
        /^\s*(?:chapter|book|part|act|stave|canto)\s+\S+\s*\.?$/i.test(lines[start] as string) &&
        next.length > 0 &&
        next.length <= 60 &&
        !/[.!?,;]$/.test(next)
      ) {
        title = truncate(`${title}: ${cleanText(cleanHeading(next))}`, 80);
        bodyStart++;
      }
      const body = lines.slice(bodyStart, end).join("\n").trim();
      if (body.length > 0) raw.push({ title, text: body });
    });
  } else {
    const scenes: string[] = [];
    let current: string[] = [];
    for (const line of lines) {
      if (SEPARATOR.test(line)) {
        scenes.push(current.join("\n"));
        current = [];
      } else current.push(line);
    }
    scenes.push(current.join("\n"));
    const nonEmpty = scenes.map((s) => s.trim()).filter((s) => s.length > 0);
    const pieces = nonEmpty.length > 1 ? nonEmpty : splitBySize(normalized.trim());
    pieces.forEach((p, k) => raw.push({ title: pieces.length === 1 ? "Chapter 1" : `Part ${k + 1}`, text: p.trim() }));
  }
  if (raw.length === 0) raw.push({ title: "Chapter 1", text: normalized.trim() });
  return capChapters(
    raw.map((c, index) => ({ index, title: c.title || `Chapter ${index + 1}`, text: c.text })),
    max,
  );
}

/** A title line at the top of the book: short, not a heading, not a sentence. */
function titleLine(text: string): string | undefined {
  const first = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  if (first === undefined || isHeading(first) || first.length > 60 || /[.!?,;:]$/.test(first) || !/\p{L}/u.test(first)) return undefined;
  return cleanText(cleanHeading(first)) || undefined;
}

/** The procedural bible (mock and local): the most-mentioned names and places, tone from word lists. */
export function proceduralBible(text: string): Omit<Bible, "provider"> {
  // Read the chapters' bodies, not the headings and the table of contents.
  const chapters = segmentText(text);
  const body = chapters.length > 0 ? chapters.map((c) => c.text).join("\n\n") : text;
  const facts = extractStory(body);
  const proper = facts.people.find((p) => !/^(the|a|an)\s/i.test(p));
  // The most-mentioned name, else the first clause's subject ("the lighthouse keeper").
  const protagonist = proper ?? (facts.subject || facts.people[0]) ?? "the narrator";
  const places = facts.places.slice(0, 6);
  const title =
    titleLine(text) ??
    (facts.things[0]
      ? `${capitalize(protagonist)} and ${facts.things[0]}`
      : places[0]
        ? capitalize(places[0])
        : `The ${capitalize(facts.words[0] ?? "untold")} story`);
  const summary =
    truncate(
      sentences(chapters[0]?.text ?? body)
        .slice(0, 2)
        .join(" "),
      300,
    ) || `A story of ${facts.words.slice(0, 3).join(", ") || "quiet things"}.`;
  return {
    title: truncate(title, 100),
    protagonist,
    setting: places.length === 0 ? "an unnamed place" : places.slice(0, 3).join(", "),
    tone: facts.tone,
    characters: facts.people.slice(0, 6),
    places,
    motifs: facts.things.slice(0, 6),
    summary,
  };
}

/** segment → bible → author one act: the `text` path of POST /v1/worlds (first chapter). */
export async function authorFromText(provider: Provider, text: string, input: ActInput): Promise<AuthorResult> {
  const chapters = await provider.segmentBook(text);
  const first: Chapter = chapters[0] ?? { index: 0, title: "Chapter 1", text };
  const bible = await provider.writeBible(text, { signal: input.signal });
  return provider.authorAct(bible, first, input);
}
