import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LINTS, OP_NAMES } from "../lib/kernel/index";
import { LINTS_DOC_PATH, OPS_DOC_PATH, renderLintsDoc, renderOpsDoc } from "./gen-kernel-docs";

// The committed docs must be exactly what the generator writes; `npm run docs:gen` fixes a diff.
describe("generated kernel docs", () => {
  it("docs/lints.md matches the lint catalogue", () => {
    expect(readFileSync(LINTS_DOC_PATH, "utf8")).toBe(renderLintsDoc());
  });

  it("docs/ops.md matches the op schemas", () => {
    expect(readFileSync(OPS_DOC_PATH, "utf8")).toBe(renderOpsDoc());
  });

  it("every lint and every op is documented", () => {
    const lints = renderLintsDoc();
    for (const [name, meta] of Object.entries(LINTS)) {
      expect(lints).toContain(`| ${meta.code} | \`${name}\` | ${meta.severity} |`);
    }
    const ops = renderOpsDoc();
    expect(OP_NAMES).toHaveLength(10);
    for (const op of OP_NAMES) expect(ops).toContain(`## \`${op}\``);
  });
});
