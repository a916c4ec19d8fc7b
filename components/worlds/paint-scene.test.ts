import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { WorldResource } from "@/components/api/worlds";
import { mockWorld } from "@/lib/kernel";
import { PAINT_SCENE, PaintScene } from "./paint-scene";

const ref = { appId: "app", worldId: "world", mode: "live" as const };

function render(subjectRef?: { imageUrl: string; descriptor: string }) {
  const world = { ...mockWorld({ premise: "A lighthouse keeper hears a drowned bell" }), ...(subjectRef ? { subjectRef } : {}) };
  const resource = { world, rev: "r1", cover: world.cover } as unknown as WorldResource;
  const stateId = Object.keys(world.scene.states)[0]!;
  return renderToStaticMarkup(
    createElement(QueryClientProvider, { client: new QueryClient() }, createElement(PaintScene, { world: ref, resource, stateId })),
  );
}

describe("Paint this scene", () => {
  it("is offered, and disabled with the reason, when the world has no subject reference", () => {
    const html = render();
    expect(html).toContain(PAINT_SCENE);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*Paint this scene/);
    expect(html).toContain("Settings › Subject reference");
  });

  it("can be pressed when the world has one", () => {
    const html = render({ imageUrl: "https://example.test/keeper.png", descriptor: "a lighthouse keeper" });
    expect(html).toContain(PAINT_SCENE);
    expect(html).not.toMatch(/<button[^>]*disabled=""/);
    expect(html).toContain("subject reference and this state&#x27;s prose");
  });
});
