import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { proceduralBible, segmentText, type Bible } from "@/lib/ai";
import { buildLocalAct } from "@/lib/ai/local/act";
import { checkWorld, type World } from "@/lib/kernel";
import { actForAuthor, planSpine } from "./spine";

// A book campaign through the local provider (no model): segment → bible → spine → each act's
// world, as the job does it. The books are copies of shared/books (CI has no shared/ folder).

const read = (name: string): string => fs.readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/books", name), "utf8");

function campaign(text: string, fidelity: "faithful" | "spirit" = "faithful") {
  const bible: Bible = { ...proceduralBible(text), provider: "local" };
  const acts = planSpine(segmentText(text), null);
  const worlds = acts.map((act) =>
    buildLocalAct({ bible, chapter: actForAuthor(act, bible, fidelity), act: { worldId: `w${act.index}`, pov: "third_person" } }),
  );
  return { bible, acts, worlds };
}

/** Everything a player reads in a world. */
const prose = (w: World): string[] => [
  w.name,
  w.description ?? "",
  ...Object.values(w.scene.states).flatMap((s) => [s.base, s.ending.title ?? "", s.ending.text ?? "", ...s.ambient]),
  ...w.scene.events.flatMap((e) => [e.name, e.base, e.detail ?? ""]),
];
/** The first screen: the entrance's prose and the names of what one can do there. */
const firstScreen = (w: World): string =>
  [
    w.name,
    w.entrance.image.label ?? "",
    w.scene.states[w.entrance.state]!.base,
    ...w.scene.events.filter((e) => e.from === w.entrance.state).map((e) => e.name),
  ].join("\n");
const winning = (w: World) => Object.values(w.scene.states).find((s) => s.ending.isEnding && s.ending.outcome === "good");
const losing = (w: World) => Object.values(w.scene.states).filter((s) => s.ending.isEnding && s.ending.outcome === "bad");
const talkedTo = (w: World): string[] =>
  w.scene.events.map((e) => /^(?:Talk to|Follow) (.+?)(?: to .*)?$/.exec(e.name)?.[1]).filter((x): x is string => x !== undefined);
/** Places the world walks to: its states' places, read back from their ids' events ("Enter the crypt"). */
const wentTo = (w: World): string[] =>
  w.scene.events
    .filter((e) => e.to !== undefined)
    .map(
      (e) =>
        /^(?:Enter|Go to|Go back to|Take|Board|Reach|\p{Lu}\p{Ll}+ (?:to|into|in|through|across|up|down|along|past|on|onto|at))\s+(.+)$/u.exec(
          e.name,
        )?.[1],
    )
    .filter((x): x is string => x !== undefined);

describe("a campaign of A Christmas Carol follows its five staves", () => {
  const book = read("a-christmas-carol.txt");
  const { acts, worlds } = campaign(book);
  const staves = acts.map((a) => a.text);

  it("has one chapter per stave, each gate-clean, titled as the book titles it", () => {
    const headings = [
      "STAVE I: MARLEY'S GHOST",
      "STAVE II: THE FIRST OF THE THREE SPIRITS",
      "STAVE III: THE SECOND OF THE THREE SPIRITS",
      "STAVE IV: THE LAST OF THE SPIRITS",
      "STAVE V: THE END OF IT",
    ];
    acts.forEach((a, i) => expect(a.title.startsWith(headings[i]!), a.title).toBe(true));
    for (const w of worlds) expect(checkWorld(w).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("names in each chapter only the people and places its stave (or one before it) has introduced", () => {
    worlds.forEach((w, i) => {
      const sofar = staves
        .slice(0, i + 1)
        .join("\n")
        .replace(/[\s-]+/g, " ");
      for (const name of [...talkedTo(w), ...wentTo(w)])
        expect(sofar.includes(name.replace(/^the /, "").replace(/[\s-]+/g, " ")), `${name} in chapter ${i + 1}`).toBe(true);
    });
  });

  it("meets each stave's own people: Marley's Ghost in the first, the Cratchits and Tiny Tim with the second Spirit", () => {
    const all = worlds.map((w) => prose(w).join(" "));
    expect(all[0]).toMatch(/Marley/);
    expect(all[0]).toMatch(/Ghost/);
    expect(all[2]).toMatch(/Cratchit/);
    expect(all[2]).toMatch(/Tiny Tim|Tim/);
    expect(all[2]).toMatch(/Spirit|Ghost of Christmas Present/);
    // Their Christmas is a scene of its own: a state whose prose is their dinner.
    expect(
      Object.values(worlds[2]!.scene.states).some((st) => !st.ending.isEnding && /Cratchit/.test(st.base) && /Tiny Tim/.test(st.base)),
    ).toBe(true);
    // The Cratchits are not met before the second Spirit's stave.
    expect(all[0]).not.toMatch(/Tiny Tim/);
    expect(all[1]).not.toMatch(/Tiny Tim/);
  });

  it("never ends a chapter on its climax as a loss", () => {
    for (const w of worlds) {
      const win = winning(w)!;
      expect(win).toBeDefined();
      for (const lose of losing(w)) expect(lose.ending.text).not.toContain(win.base);
    }
  });

  it("ends each stave on its climax as the book tells it, and the churchyard is the last Spirit's", () => {
    // The book's turns: Marley's Ghost's visit, the extinguisher-cap on the first Spirit, Ignorance
    // and Want under the second Spirit's robe, Scrooge's own name on the grave, Scrooge a second
    // father to Tiny Tim.
    const climaxes = [
      /Ghost|Marley|apparition|phantom|chains/i,
      /extinguisher/,
      /Ignorance|Want|claw|children|Phantom/,
      /grave|stone|Ebenezer/,
      /second father|salary|God bless|Tiny Tim/,
    ];
    worlds.forEach((w, i) => {
      const text = winning(w)!.ending.text ?? "";
      expect(text, `stave ${i + 1}`).toMatch(climaxes[i]!);
      // Told from the last part of the stave, never from its opening.
      const first = text
        .split(/(?<=[.!?])\s/)[0]!
        .replace(/…$/, "")
        .slice(0, 40);
      expect(staves[i]!.replace(/\s+/g, " ").indexOf(first) / staves[i]!.length, `stave ${i + 1}`).toBeGreaterThan(0.4);
    });
    expect(Object.keys(worlds[3]!.scene.states).some((id) => /churchyard/.test(id))).toBe(true);
    for (const w of worlds.slice(0, 3)) expect(Object.keys(w.scene.states).some((id) => /churchyard/.test(id))).toBe(false);
  });

  it("reads the book as text: no markup, no pronoun or contraction as a person, no person as a place, no weather the book lacks", () => {
    const markup = /(?:^|\s)_|_(?:\s|$)|\[(?:Illustration|Sidenote|Footnote)|\[[^\]]*\]|\*\*/;
    const pronounPeople = /^(?:I|I'll|I'm|I've|I'd|He|She|They|We|You|It|Me|Him|Her|Them)$|['’](?:ll|m|re|ve|d|t)$/;
    const people = new Set(worlds.flatMap(talkedTo));
    const bookWeather = ["snow", "fog", "frost", "rain", "wind", "mist", "storm", "thunder", "hail", "sleet"].filter((w) =>
      new RegExp(`\\b${w}`, "i").test(book),
    );
    const counts = { markup: 0, pronounPeople: 0, personAsPlace: 0, inventedWeather: 0 };
    for (const w of worlds) {
      for (const t of prose(w)) if (markup.test(t)) counts.markup++;
      for (const who of talkedTo(w)) if (pronounPeople.test(who)) counts.pronounPeople++;
      for (const where of wentTo(w)) if (people.has(where) || people.has(where.replace(/^the /, ""))) counts.personAsPlace++;
      for (const t of prose(w))
        for (const m of t.matchAll(/\b(snow|fog|frost|rain|wind|mist|storm|thunder|hail|sleet)/gi))
          if (!bookWeather.includes((m[1] as string).toLowerCase())) counts.inventedWeather++;
    }
    expect(counts).toEqual({ markup: 0, pronounPeople: 0, personAsPlace: 0, inventedWeather: 0 });
  });
});

describe("Ilse and the ferry, replayed", () => {
  const { acts, worlds } = campaign(read("ilse-and-the-ferry.txt"));

  it("shows no later chapter's destination on chapter 1's first screen", () => {
    expect(acts).toHaveLength(3);
    const screen = firstScreen(worlds[0]!);
    for (const later of ["Brennock", "Hollow Gate", "Old Gideon"]) expect(screen).not.toContain(later);
  });

  it("talks only to people, never to a place", () => {
    const places = ["Kettle Ford", "Hollow Gate", "Brennock", "Brennock Abbey", "Abbey", "Halfway", "Morrow", "Old Gideon"];
    for (const w of worlds) for (const who of talkedTo(w)) expect(places, who).not.toContain(who);
    for (const w of worlds)
      for (const e of w.scene.events) expect(e.name).not.toMatch(/^(?:Talk to|Follow) (?:Kettle Ford|Hollow Gate|Brennock|the )/);
  });

  it("makes the climax, ringing Old Gideon, the winning ending of the last chapter", () => {
    const win = winning(worlds[2]!)!;
    expect(win.ending.title).toMatch(/Ring .*Old Gideon/);
    expect(win.ending.text).toMatch(/ring the great bell, Old Gideon/);
    for (const lose of losing(worlds[2]!)) expect(`${lose.ending.title} ${lose.ending.text}`).not.toMatch(/began to ring/);
  });

  it("says 'back' only where the path returns to a place", () => {
    for (const w of worlds) {
      for (const s of Object.values(w.scene.states)) {
        if (!/^Back (?:in|at) /.test(s.base) && !/looks different now/.test(s.base)) continue;
        const into = w.scene.events.filter((e) => e.to === s.id);
        expect(into.some((e) => /^Go back to/.test(e.name))).toBe(true);
      }
      expect(prose(w).join(" ")).not.toMatch(/looks different now|returns to the road/);
    }
  });

  it("says in spirit that it invents", () => {
    const { worlds: spirited } = campaign(read("ilse-and-the-ferry.txt"), "spirit");
    for (const w of spirited) expect(w.description).toMatch(/^In the spirit of the book: its premise and tone, with invented events\./);
    // Invented, but a place is still no one to talk to or follow.
    for (const w of spirited)
      for (const who of talkedTo(w))
        expect(["Kettle Ford", "Hollow Gate", "Brennock", "Brennock Abbey", "Morrow", "the Morrow", "Old Gideon"], who).not.toContain(who);
  });
});
