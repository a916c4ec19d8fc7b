import { describe, expect, it } from "vitest";
import * as graph from "@/lib/openapi/operations/graph";
import * as worlds from "@/lib/openapi/operations/worlds";
import { RawJson } from "@/lib/reply";
import { AnswerMismatch, checkAnswer } from "./check-answer";

const fork = { worldId: "0b8f5a5e-3f7c-4a51-9d2e-6f1f3f1a2b3c", forkedFrom: "0b8f5a5e-3f7c-4a51-9d2e-6f1f3f1a2b3d", slug: null };

describe("checkAnswer (development and tests)", () => {
  it("accepts a body its operation declares, and leaves errors alone", () => {
    expect(() => checkAnswer(worlds.forkWorld, 201, fork)).not.toThrow();
    expect(() => checkAnswer(worlds.forkWorld, 404, { detail: "x" })).not.toThrow();
  });

  it("refuses a status the operation does not declare", () => {
    expect(() => checkAnswer(worlds.forkWorld, 200, fork)).toThrow(AnswerMismatch);
  });

  it("refuses a body that drops a field or breaks a type", () => {
    expect(() => checkAnswer(worlds.forkWorld, 201, { worldId: fork.worldId, forkedFrom: fork.forkedFrom })).toThrow(/slug/);
    expect(() => checkAnswer(worlds.forkWorld, 201, { ...fork, worldId: "nope" })).toThrow(/worldId/);
  });

  it("skips members that are raw JSON text, in objects and in unions", () => {
    const write = {
      world: new RawJson("{}"),
      diagnostics: [],
      rev: "r1",
      playtests: { passed: 0, failed: [] },
      applyErrors: [],
      notes: [],
    };
    expect(() => checkAnswer(graph.applyWorldOps, 200, write)).not.toThrow();
    expect(() => checkAnswer(graph.editWorld, 200, { ...write, ops: [], summary: "", provider: "mock" })).not.toThrow();
    expect(() => checkAnswer(graph.editWorld, 200, { ...write, ops: [], provider: "mock" })).toThrow(AnswerMismatch);
  });
});
