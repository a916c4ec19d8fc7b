import { describe, expect, it } from "vitest";
import { readErrorBody } from "./error-body";

describe("readErrorBody", () => {
  it("reads every member of the API's error body", () => {
    const diagnostic = { severity: "error", code: "E_X", message: "m", path: "entrance.state", loc: { field: "entrance.state" } };
    expect(
      readErrorBody({
        code: "invalid_world",
        detail: "The gate refused it.",
        errors: ["ops[0]: bad", 3],
        diagnostics: [diagnostic],
        currentRev: "r9",
        schemaVersion: "1.0",
      }),
    ).toEqual({
      code: "invalid_world",
      detail: "The gate refused it.",
      errors: ["ops[0]: bad"],
      diagnostics: [diagnostic],
      currentRev: "r9",
    });
  });

  it.each([null, undefined, "Bad Gateway", 502, ["detail"], { detail: 1, code: null, errors: "x", diagnostics: {}, currentRev: 7 }])(
    "leaves out what %j does not carry",
    (body) => {
      expect(readErrorBody(body)).toEqual({ errors: [], diagnostics: [] });
    },
  );
});
