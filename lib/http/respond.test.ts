import { describe, expect, it } from "vitest";
import { RawJson } from "@/lib/reply";
import { jsonResponse } from "./respond";

describe("jsonResponse", () => {
  it("splices pre-serialized members in as they are, beside the rest and schemaVersion", async () => {
    const world = { id: "w", scene: { states: { a: { id: "a" } }, events: [] } };
    const res = jsonResponse(200, { world: new RawJson(JSON.stringify(world)), rev: "r1", applyErrors: ["x"] });
    expect(await res.json()).toEqual({ world, rev: "r1", applyErrors: ["x"], schemaVersion: "1.0" });
  });

  it("serializes a RawJson anywhere else as the value it holds", () => {
    expect(JSON.stringify({ nested: new RawJson('{"a":[1,2]}') })).toBe('{"nested":{"a":[1,2]}}');
  });
});
