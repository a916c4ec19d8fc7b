import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FORMS } from "../lib/edit/grammar";
import { readInstruction } from "../lib/edit/local";
import { OP_NAMES } from "../lib/kernel/index";
import { EDIT_DOC_PATH, renderEditDoc } from "./gen-edit-docs";

describe("generated edit grammar doc", () => {
  it("docs/edit.md matches the grammar table", () => {
    expect(readFileSync(EDIT_DOC_PATH, "utf8")).toBe(renderEditDoc());
  });

  it.each(FORMS.flatMap((f) => f.examples.map((example) => [f.id, example] as const)))("%s reads its own example %j", (id, example) => {
    expect(readInstruction(example).map((c) => c.form.id)).toEqual([id]);
  });

  it("covers all ten public ops", () => {
    expect(new Set(FORMS.flatMap((f) => f.ops))).toEqual(new Set(OP_NAMES));
  });
});
