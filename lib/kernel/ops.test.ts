import { describe, expect, it } from "vitest";
import { OPS, OP_NAMES, ZAddEventBody, ZOp, ZOpList, addEventOp } from "./ops";
import { formatIssues } from "./parse-world";

const errorsOf = (input: unknown): string[] => {
  const r = ZOp.safeParse(input);
  return r.success ? [] : formatIssues(r.error.issues);
};

describe("ZOp", () => {
  it("knows exactly the ten public ops, each with metadata", () => {
    expect(OP_NAMES.sort()).toEqual(
      [
        "add_event",
        "add_state",
        "add_variant",
        "delete_event",
        "delete_state",
        "remove_variant",
        "set_entrance",
        "set_subject_ref",
        "update_event",
        "update_state",
      ].sort(),
    );
    for (const name of OP_NAMES) expect(OPS[name].doc.length).toBeGreaterThan(10);
  });

  const VALID: unknown[] = [
    { op: "add_state", id: "s" },
    { op: "update_state", id: "s", patch: {} },
    { op: "delete_state", id: "s" },
    { op: "add_event", from: "a", name: "n" },
    { op: "update_event", from: "a", name: "n", patch: { to: null } },
    { op: "delete_event", from: "a", name: "n" },
    { op: "set_entrance", state: "s" },
    { op: "set_subject_ref", imageUrl: "https://x.test/a.png" },
    { op: "add_variant", state: "s", variant: { id: "v" } },
    { op: "remove_variant", state: "s", id: "v" },
  ];
  it.each(VALID)("accepts a minimal %j", (op) => {
    expect(errorsOf(op)).toEqual([]);
  });

  it.each(VALID)("rejects an unknown field on %j", (op) => {
    expect(errorsOf({ ...(op as object), extra: 1 })).toEqual(["extra: unknown field"]);
  });

  it.each([
    [{ op: "add_state", id: "s", camera: { statc: "x" } }, ["camera.statc: unknown field"]],
    [{ op: "add_state", id: "s", ending: { isEnding: "yes" } }, ["ending.isEnding: expected boolean, received string"]],
    [{ op: "add_state", id: "s", variants: [{ id: "v", weight: 0 }] }, ["variants[0].weight: Too small: expected number to be >0"]],
    [{ op: "update_state", id: "s", patch: { foo: 1 } }, ["patch.foo: unknown field"]],
    [{ op: "update_state", id: "s" }, ["patch: required (expected object)"]],
    [{ op: "add_event", from: "a" }, ["name: required (expected string)"]],
    [{ op: "add_event", from: "a", name: "n", kind: "teleport" }, ['kind: Invalid option: expected one of "transition"|"override"']],
    [{ op: "add_state", id: "" }, ["id: Too small: expected string to have >=1 characters", "id: must not be blank"]],
    [{ op: "add_state", id: "   " }, ["id: must not be blank"]],
    [{ op: "add_state", id: "__proto__" }, ["id: reserved id"]],
    [{ op: "set_entrance" }, ["(root): set_entrance needs state or image"]],
    [{ op: "set_subject_ref", imageUrl: "data:image/png;base64,AAAA" }, ["imageUrl: a data: URI is not accepted; host the image first"]],
    [
      { op: "explode" },
      [
        "op: Invalid discriminator value. Expected 'add_state' | 'update_state' | 'delete_state' | 'add_event' | 'update_event' | 'delete_event' | 'set_entrance' | 'set_subject_ref' | 'add_variant' | 'remove_variant'",
      ],
    ],
  ])("rejects %j", (op, expected) => {
    expect(errorsOf(op)).toEqual(expected);
  });

  it("ZOpList needs at least one op and prefixes paths with the index", () => {
    expect(ZOpList.safeParse([]).success).toBe(false);
    const r = ZOpList.safeParse([{ op: "delete_state", id: "a" }, { op: "delete_state" }]);
    expect(r.success ? [] : formatIssues(r.error.issues, "ops")).toEqual(["ops[1].id: required (expected string)"]);
  });
});

describe("addEventOp", () => {
  it("turns an /events body into an add_event op without the concurrency token", () => {
    const body = ZAddEventBody.parse({ from: "a", to: "b", name: "go", base: "b", detail: "d", hotkey: "1", expectedRev: "r1" });
    expect(addEventOp(body)).toEqual({ op: "add_event", from: "a", to: "b", name: "go", base: "b", detail: "d", hotkey: "1" });
    expect(ZOp.safeParse(addEventOp(body)).success).toBe(true);
  });

  it("keeps an override without to", () => {
    expect(addEventOp({ from: "a", name: "look" })).toEqual({ op: "add_event", from: "a", name: "look" });
  });

  it("the body schema is closed", () => {
    expect(ZAddEventBody.safeParse({ from: "a", name: "n", op: "add_event" }).success).toBe(false);
  });
});
