// A book's text read as text: what an edition adds around the words (a distributor's header and
// footer, `_italics_` and `*emphasis*` marks, `[Illustration]`, `[Sidenote: …]`, footnote and
// editor's brackets, `--` for a dash, words set in capitals for emphasis or as a chapter's first
// word) is taken away before anything reads the book, so that no name, title or prose of a
// campaign carries it. Pure.

/** A distributor's header and footer ("*** START OF THE PROJECT … ***"). */
const START = /^\s*\*{3}\s*START OF (?:THE|THIS) PROJECT.*$/im;
const END = /^\s*\*{3}\s*END OF (?:THE|THIS) PROJECT.*$/im;

/** A bracketed note of the edition: illustrations, sidenotes, footnotes, an editor's or transcriber's words. */
const EDITORIAL = /\[(?:[^[\]]|\[[^[\]]*\]){0,1200}\]/g;
/** A footnote's anchor left in a sentence ("the gate{1}", "the gate[12]"). */
const ANCHOR = /\{\d+\}|\[\d+\]/g;

/**
 * One paragraph's words in capitals made plain: a paragraph's first word ("MARLEY was dead") and
 * a name the book writes capitalised mid-sentence elsewhere ("his own name, EBENEZER SCROOGE")
 * are capitalised, any other word stressed mid-sentence ("did NOT die") lower-cased.
 */
function plainCapitals(paragraph: string, names: ReadonlySet<string>): string {
  if (!/\p{Ll}/u.test(paragraph)) return paragraph;
  let first = true;
  // A short line without a sentence's end is a heading or a title line ("CHAPTER II", "The Climb"): kept as set.
  return paragraph
    .split("\n")
    .map((line) =>
      /^\s*(?:chapter|book|part|act|stave|canto|prologue|epilogue|[IVXLCDM]+\.?\s*$)/i.test(line) ||
      (paragraph.split("\n").length <= 2 && line.length <= 60 && !/[.!?,;:]["”’']?$/.test(line.trim()))
        ? line
        : plainLine(line),
    )
    .join("\n");
  function plainLine(line: string): string {
    return line.replace(/[\p{L}'’]+/gu, (word) => {
      const atStart = first;
      first = false;
      if (word.length < 2 || /\p{Ll}/u.test(word) || !/\p{Lu}{2}/u.test(word)) return word;
      // "I'LL", "DON'T": a contraction in capitals.
      const lower = word.toLowerCase();
      return atStart || lower === "i" || names.has(lower) ? lower.replace(/^(\p{Ll})/u, (c) => c.toUpperCase()) : lower;
    });
  }
}

/** The book's words without the edition's marks; paragraphs (blank lines) kept, hard-wrapped lines kept. */
export function cleanBookText(text: string): string {
  let body = text.replace(/\r\n?/g, "\n");
  const start = START.exec(body);
  if (start) body = body.slice(start.index + start[0].length);
  const end = END.exec(body);
  if (end) body = body.slice(0, end.index);
  body = body
    .replace(EDITORIAL, " ")
    .replace(ANCHOR, "")
    // `_italics_`, `*emphasis*`, `=bold=`, `~struck~`: the marks go, the words stay.
    .replace(/(^|[^\p{L}\p{N}])[_*=~]+(?=[\p{L}\p{N}"“‘'])/gu, "$1")
    .replace(/([\p{L}\p{N}.,;:!?"”’'])[_*=~]+(?=$|[^\p{L}\p{N}])/gmu, "$1")
    .replace(/_/g, " ")
    // "--" and "---" are a dash.
    .replace(/^(?!\s*-+\s*$).*$/gm, (l) => l.replace(/[ \t]*(?<!-)-{2,3}(?!-)[ \t]*/g, " — "))
    .replace(/[ \t]+/g, " ");
  // Names: words the book capitalises right after a lower-case word or a comma.
  const names = new Set([...body.matchAll(/[\p{Ll},;] (\p{Lu}\p{Ll}+)/gu)].map((m) => (m[1] as string).toLowerCase()));
  return (
    body
      .split(/\n[ \t]*\n/)
      .map((p) => plainCapitals(p.replace(/[ \t]+$/gm, "").replace(/^[ \t]+/gm, ""), names))
      // A paragraph of no words goes, unless it is a scene break ("* * *", "---").
      .filter((p) => /[\p{L}\p{N}]/u.test(p) || /^\s*(?:[*#~-]\s*){3,}$/.test(p))
      .join("\n\n")
      .trim()
  );
}

/** A heading of the book made fit to be a title: the edition's marks gone, capitals made title case, spaces collapsed. */
export function cleanHeading(line: string): string {
  return line
    .replace(EDITORIAL, " ")
    .replace(/[_*=~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
