import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WorldCard } from "@/components/creations/world-card";
import type { CreationCard } from "@/components/creations/types";
import { CONNECT_MODEL, isOfflineWorld, OFFLINE_LABEL, OFFLINE_NOTICE } from "./offline";
import { OfflineNotice } from "./offline-notice";

const SOURCES = ["mock", "import", "fork", "local", "openai-compatible"] as const;

const card = (source: string): CreationCard => ({
  id: "5f0c8c1e-0000-4000-8000-000000000001",
  kind: "world",
  name: "The drowned bell",
  description: "A lighthouse keeper hears a bell under the sea",
  cover: "",
  visibility: "private",
  source,
  appId: "5f0c8c1e-0000-4000-8000-000000000002",
  appName: "My first app",
  createdAt: "2026-11-24T10:00:00.000Z",
  updatedAt: "2026-11-24T10:00:00.000Z",
  editedAt: "2026-11-24T10:00:00.000Z",
});

describe("the offline provider's notice", () => {
  it("is for worlds the local provider made, and no other source", () => {
    expect(SOURCES.filter(isOfflineWorld)).toEqual(["local"]);
    expect(isOfflineWorld(undefined)).toBe(false);
  });

  it("reads as the issue words it, with the way to connect a model", () => {
    const html = renderToStaticMarkup(createElement(OfflineNotice, { source: "local" }));
    expect(html).toContain(OFFLINE_NOTICE);
    expect(html).toContain("Written and painted offline.");
    expect(html).toMatch(new RegExp(`<button[^>]*>${CONNECT_MODEL}</button>`));
    for (const source of SOURCES.filter((s) => s !== "local")) {
      expect(renderToStaticMarkup(createElement(OfflineNotice, { source }))).toBe("");
    }
  });

  it("marks an offline world's card, without a button inside the card's link", () => {
    const offline = renderToStaticMarkup(createElement(WorldCard, { world: card("local"), now: Date.parse("2026-11-24T11:00:00Z") }));
    expect(offline).toContain(`data-testid="offline-badge"`);
    expect(offline).toContain(OFFLINE_LABEL);
    expect(offline).not.toContain("<button");
    for (const source of ["openai-compatible", "import", "fork"]) {
      const html = renderToStaticMarkup(createElement(WorldCard, { world: card(source), now: Date.parse("2026-11-24T11:00:00Z") }));
      expect(html).not.toContain("offline-badge");
    }
  });
});
