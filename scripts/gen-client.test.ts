import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLIENT_TYPES_PATH, renderClientTypes } from "./gen-client";

// The committed client types must be exactly what the generator writes; `npm run gen:client` fixes a diff.
describe("generated TypeScript client types", () => {
  it("clients/typescript/openapi.d.ts matches the OpenAPI document", async () => {
    expect(readFileSync(CLIENT_TYPES_PATH, "utf8")).toBe(await renderClientTypes());
  });

  it("names every operation of the document", async () => {
    const { OPERATIONS } = await import("../lib/openapi/operations");
    const text = await renderClientTypes();
    for (const op of OPERATIONS) expect(text).toContain(`    ${op.operationId}: {`);
  });
});
