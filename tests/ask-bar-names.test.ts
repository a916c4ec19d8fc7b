import { beforeAll, describe, expect, it } from "vitest";
import { buildLocalWorld } from "@/lib/ai/local/author";
import { askExamples, canvasName, type World } from "@/lib/kernel";
import { api, me, withWorldsServer } from "./support/worlds";

// The Ask bar (`POST /v1/worlds/{id}/edit`, dry run, live key: the offline grammar) over a world
// the local provider really generated, with instructions written in the names the canvas shows,
// never the ids. Written against the canvas, before the grammar was tuned.

withWorldsServer();

const world: World = buildLocalWorld({
  worldId: "harbour",
  premise: "A storm drowns the old harbour station and a keeper must save the lamp",
  pov: "first_person",
});
const shown = Object.fromEntries(Object.values(world.scene.states).map((s) => [s.id, canvasName(s, world)]));

// Phrased like the bar's own examples (its placeholder and the forms it offers), in canvas names.
const LIKE_THE_EXAMPLES = [
  "add a state 'Lamp room' after 'Harbour'",
  "add a state 'Cellar' after 'The old harbour station in the storm', then make Cellar a winning ending",
  "make Anchorage a winning ending",
  "make 'heart of harbour station' a losing ending",
  "connect Anchorage to 'The old harbour station' with 'row back'",
  "connect the dock to harbour",
  "rename 'Entrance of station' to 'Sea wall'",
  "start in the Harbour",
  "describe anchorage as 'Boats knock together in the swell'",
  "add an action 'ring the bell' to Harbour",
  "remove the event 'Examine the lamp' from harbour",
  "add a rainy variant to Anchorage",
  "make 'Trust the keeper' from Heart of harbour station lead to anchorage",
  "disconnect Anchorage from Harbour",
  "add a state 'Boathouse' after Anchorage, then connect Boathouse to the Dock",
];

// As a new creator might type them: these must work or say, in one sentence, what was not understood.
const FREE = [
  "make the storm worse in the harbour",
  "Add a new room called Lighthouse after Anchorage",
  "after Anchorage add a state 'Boathouse'",
  'Make "Heart of Harbour Station!" an ending',
  "delete anchorage",
  "link harbor to dock",
  'rename the event "Hurry to the harbour" from the old harbour station to "Run to the harbour"',
  "let the player start at the anchorage",
  "make the dock a happy ending",
  "add a choice 'wait for dawn' to the harbour",
  "the anchorage should lead to the dock",
  "remove the lamp",
  "change the description of the Harbour to 'Gulls over black water'",
  "undo the last change",
  "add a foggy version of THE OLD HARBOUR STATION.",
];

let worldId = "";
const ask = (instruction: string) =>
  api.call("POST", `/v1/worlds/${worldId}/edit`, { token: me.keys.sk_live, body: { instruction, dryRun: true } });

beforeAll(async () => {
  const res = await api.post("/v1/worlds", { world }, me.keys.sk_live);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  worldId = res.body.worldId as string;
});

describe("the Ask bar reads the names the canvas shows", () => {
  it("is written against a world whose canvas names are not its ids", () => {
    expect(Object.values(shown)).toEqual(
      expect.arrayContaining(["Harbour", "Anchorage", "Heart of harbour station", "Entrance of station", "Dock"]),
    );
    expect(Object.keys(shown)).not.toContain("Harbour");
  });

  it("holds 30 instructions, half phrased like the bar's examples", () => {
    expect(LIKE_THE_EXAMPLES.length + FREE.length).toBe(30);
    expect(LIKE_THE_EXAMPLES.length).toBe(15);
  });

  it("applies every example the bar itself shows on this world", async () => {
    const examples = askExamples(world);
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const example of examples) {
      const res = await ask(example);
      expect(res.status, `${example}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it.each(LIKE_THE_EXAMPLES)("reads %j", async (instruction) => {
    const res = await ask(instruction);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ops.length).toBeGreaterThan(0);
    // The summary names states as the canvas does, not by id.
    expect(res.body.summary).not.toMatch(/"(?:s|end)\d+-/);
  });

  it.each(FREE)("reads %j, or says in one sentence what it did not understand", async (instruction) => {
    const res = await ask(instruction);
    if (res.status === 200) {
      expect(res.body.ops.length).toBeGreaterThan(0);
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    const detail = res.body.detail as string;
    // One sentence: no full stop before its end (quoted instructions aside).
    expect(
      detail
        .replace(/"[^"]*"/g, '""')
        .replace(/\(docs\/edit\.md[^)]*\)/, "")
        .slice(0, -1),
    ).not.toMatch(/[.!?]\s/);
    // It names the part it could not read, as the creator wrote it (not an id).
    const named = [...detail.matchAll(/"([^"]+)"/g)].map((m) => m[1]!.toLowerCase());
    expect(
      named.some((n) => instruction.toLowerCase().replace(/[.!]$/, "").includes(n)),
      detail,
    ).toBe(true);
    expect(detail).not.toMatch(/"(?:s|end)\d+-/);
    // An unreadable instruction comes with two examples, and both work on this world.
    if (/could not read/i.test(detail)) {
      const tries = [...detail.matchAll(/try "([^"]+)" or "([^"]+)"/g)].flatMap((m) => [m[1]!, m[2]!]);
      expect(tries, detail).toHaveLength(2);
      for (const example of tries) expect((await ask(example)).status, example).toBe(200);
    }
  });

  it("names a new way between two states by the name the player will see, not the id", async () => {
    const res = await ask("the anchorage should lead to the dock");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ops).toEqual([{ op: "add_event", from: "s3-anchorage", to: "end2-dock", name: "go to Dock" }]);
  });

  it("offers the closest name the canvas shows for a near miss", async () => {
    const res = await ask("remove the Anchorge");
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('No state is called "Anchorge"; did you mean "Anchorage"?');
  });
});
