import { describe, expect, it } from "vitest";
import { segmentText } from "../book";
import { cleanBookText, cleanHeading } from "./book-text";
import { readChapter } from "./chapter-read";
import { getLexicon } from "@/lib/lexicon";

// An edition's marks, as real public-domain texts carry them.
const EDITION = `The Project Gutenberg eBook of The Weir
*** START OF THE PROJECT GUTENBERG EBOOK THE WEIR ***

CHAPTER I.
_The Mill_

[Illustration: The mill at evening]

MARLEY had kept the _down_ mill for years--since the spring he died.[1] [Sidenote: The deeds were forged.]
She did NOT sleep. "I'll go," said Tom. "I'm sure."

* * *

Tom walked to the mill {2} at dusk.

*** END OF THE PROJECT GUTENBERG EBOOK THE WEIR ***
Licence text here.`;

describe("a book read as text", () => {
  const clean = cleanBookText(EDITION);

  it("drops the edition's header, footer, brackets, anchors and italics marks", () => {
    expect(clean).not.toMatch(/Gutenberg|Licence|\[|\]|\{|\}|_|\*\*\*/);
    expect(clean).toContain("the down mill for years — since the spring he died.");
    expect(clean).not.toContain("forged");
    expect(clean).not.toContain("Illustration");
  });

  it("makes capitals plain, keeps headings as set and scene breaks", () => {
    expect(clean).toContain("Marley had kept");
    expect(clean).toContain("She did not sleep.");
    expect(clean).toContain("CHAPTER I.");
    expect(clean).toContain("* * *");
    expect(cleanHeading("STAVE I:  _MARLEY'S_ GHOST [Illustration]")).toBe("STAVE I: MARLEY'S GHOST");
  });

  it("never makes a pronoun or a contraction someone", () => {
    const [chapter] = segmentText(EDITION);
    const span = readChapter(chapter!.text, getLexicon());
    expect(span.people).toContain("Tom");
    for (const p of span.people) expect(p).not.toMatch(/^(I|I'll|I'm|She|He)$|['’](ll|m|re|ve|d)$/);
    expect(span.places).toContain("the mill");
  });
});
