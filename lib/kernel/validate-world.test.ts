import { describe, expect, it } from "vitest";
import { makeEvent, makeLargeWorld, makeSmallWorld } from "./fixtures";
import { LINTS } from "./lints";
import type { Diagnostic } from "./schema";
import { checkWorld, hasErrors, validateWorld } from "./validate-world";
import { edit, LINT_CASES } from "./validate-world.cases";

const lintsOf = (ds: readonly Diagnostic[]): string[] => ds.map((d) => d.lint);

describe("validateWorld lints", () => {
  it("has a test case for every lint in the catalogue", () => {
    const covered = new Set([...LINT_CASES.map((c) => c.lint), "schema-invalid"]);
    expect([...covered].sort()).toEqual(Object.keys(LINTS).sort());
  });

  it("the small fixture is completely clean", () => {
    expect(validateWorld(makeSmallWorld())).toEqual([]);
  });

  for (const c of LINT_CASES) {
    describe(c.lint, () => {
      for (const t of c.triggers) {
        it(`triggers: ${t.name}`, () => {
          const found = validateWorld(t.world(), t.options).filter((d) => d.lint === c.lint);
          expect(found.length).toBeGreaterThan(0);
          const first = found[0] as Diagnostic;
          expect(first.path).toBe(t.path);
          expect(first.severity).toBe(LINTS[c.lint].severity);
          expect(first.code).toBe(LINTS[c.lint].code);
          expect(first.message.length).toBeGreaterThan(0);
        });
      }
      for (const t of c.clean) {
        it(`does not trigger: ${t.name}`, () => {
          expect(lintsOf(validateWorld(t.world(), t.options))).not.toContain(c.lint);
        });
      }
    });
  }
});

describe("validateWorld details", () => {
  it("points loc at the field, template, slot and fill", () => {
    const w = edit((x) => {
      x.slots = { who: "" };
      x.scene.states.a!.base = "{who} meets {whom}";
    });
    const ds = validateWorld(w);
    expect(ds.find((d) => d.lint === "slot-unfilled")?.loc).toEqual({
      field: "scene.states.a.base",
      template: "{who} meets {whom}",
      slot: "whom",
      fill: "",
    });
    expect(ds.find((d) => d.lint === "fill-empty")?.loc).toEqual({
      field: "scene.states.a.base",
      template: "{who} meets {whom}",
      slot: "who",
      fill: "slots.who",
    });
  });

  it("reports a repeated slot once per field", () => {
    const w = edit((x) => (x.scene.states.a!.base = "{who} and {who} and {who}"));
    expect(validateWorld(w).filter((d) => d.lint === "slot-unfilled")).toHaveLength(1);
  });

  it("fills non-reachability diagnostics with empty loc members", () => {
    const d = validateWorld(edit((w) => w.scene.events.splice(2, 1))).find((x) => x.lint === "dead-end");
    expect(d?.loc).toEqual({ field: "", template: "", slot: "", fill: "" });
  });

  it("skips reachability lints while the entrance is missing", () => {
    const ds = validateWorld(edit((w) => (w.entrance.state = "nope")));
    expect(lintsOf(ds)).toEqual(["entrance-missing"]);
  });

  it("orders errors before warnings before info", () => {
    const w = edit((x) => {
      x.description = "";
      x.scene.events.splice(2, 1);
      (x.scene.events[0] as { to?: string }).to = "zzz";
    });
    const ranks = validateWorld(w).map((d) => ({ error: 0, warning: 1, info: 2 })[d.severity]);
    expect(ranks.length).toBeGreaterThan(2);
    expect(ranks).toEqual([...ranks].sort());
  });

  it("does not mistake prototype names for states", () => {
    const w = edit((x) => x.scene.events.push(makeEvent("a", "odd", "toString", "2"), makeEvent("hasOwnProperty", "odd", "b", "1")));
    expect(lintsOf(validateWorld(w))).toEqual(expect.arrayContaining(["event-to-unknown", "event-from-unknown"]));
  });

  it("accepts a maximal world as clean", () => {
    expect(validateWorld(makeLargeWorld())).toEqual([]);
  });

  it("hasErrors is true only for error severity", () => {
    expect(hasErrors([])).toBe(false);
    expect(hasErrors(validateWorld(edit((w) => (w.description = ""))))).toBe(false);
    expect(hasErrors(validateWorld(edit((w) => (w.entrance.state = "x"))))).toBe(true);
  });
});

describe("checkWorld", () => {
  it("parses, then gates", () => {
    const r = checkWorld(JSON.parse(JSON.stringify(makeSmallWorld())));
    expect(r).toMatchObject({ ok: true, errors: [], diagnostics: [] });
    expect(r.world?.name).toBe("Small");
  });

  it("turns schema failures into errors and schema-invalid diagnostics", () => {
    const r = checkWorld({ ...makeSmallWorld(), name: 5 });
    expect(r.ok).toBe(false);
    expect(r.world).toBeNull();
    expect(r.errors).toEqual(["name: expected string, received number"]);
    expect(r.diagnostics).toEqual([
      expect.objectContaining({
        lint: "schema-invalid",
        code: "E000",
        severity: "error",
        path: "name",
        message: "name: expected string, received number",
      }),
    ]);
  });

  it("is not ok when the gate finds an error", () => {
    const r = checkWorld(edit((w) => (w.entrance.state = "nope")));
    expect(r.ok).toBe(false);
    expect(r.world).not.toBeNull();
    expect(r.errors).toEqual([]);
    expect(lintsOf(r.diagnostics)).toEqual(["entrance-missing"]);
  });
});
