import { describe, expect, it } from "vitest";
import type { ReferenceField, TypeToken } from "@/components/docs/types";
import { buildApiReference } from "./reference";
import { OPERATIONS } from "./registry";

describe("the reference page's data", () => {
  const reference = buildApiReference();
  const operations = reference.groups.flatMap((g) => g.operations);

  it("lists every operation once, under its tag", () => {
    expect(operations.map((op) => `${op.method} ${op.path}`).sort()).toEqual(OPERATIONS.map((op) => `${op.method} ${op.path}`).sort());
    const createWorld = operations.find((op) => op.id === "createWorld")!;
    expect(createWorld).toMatchObject({ auth: ["Secret key"], scope: "worlds:write", body: { schema: "CreateWorldRequest", required: true } });
    expect(createWorld.body!.fields.find((f) => f.name === "text")?.notes).toContain("1–40000 characters");
    expect(createWorld.errors.find((e) => e.status === "402")).toMatchObject({ code: "quota_exceeded" });
    expect(operations.find((op) => op.id === "getWorld")!.auth).toEqual(["Secret key", "Publishable key"]);
    expect(operations.find((op) => op.id === "listApps")!.auth).toEqual(["User session"]);
  });

  it("links only to schemas it shows (no dead anchors)", () => {
    const names = new Set(reference.schemas.map((s) => s.name));
    const links: string[] = [];
    const fromTokens = (tokens: TypeToken[]) => tokens.forEach((t) => t.schema && links.push(t.schema));
    const fromFields = (fields: ReferenceField[]): void =>
      fields.forEach((f) => {
        fromTokens(f.type);
        fromFields(f.fields ?? []);
      });
    for (const op of operations) {
      [op.pathParams, op.query, op.headers, op.body?.fields ?? []].forEach(fromFields);
      for (const r of [...op.responses, ...op.errors]) if (r.schema) links.push(r.schema);
      if (op.body) links.push(op.body.schema);
    }
    for (const schema of reference.schemas) {
      fromFields(schema.fields);
      schema.variants.forEach(fromTokens);
    }
    expect(links.length).toBeGreaterThan(50);
    expect(links.filter((name) => !names.has(name))).toEqual([]);
  });
});
