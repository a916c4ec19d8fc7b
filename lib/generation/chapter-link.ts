import type { World } from "@/lib/kernel";

/**
 * How chapter n of a campaign leads on to chapter n+1 (docs/campaigns.md): its winning ending
 * carries `ending.next = {campaignId, chapter, worldId}` in the graph itself, so the player that
 * shows the ending card has the next chapter's world id without another call. Ending objects are
 * open (the kernel keeps unknown keys), so the link survives edits of other fields.
 */
export interface ChapterLink {
  campaignId: string;
  /** 1-based chapter number the ending leads to. */
  chapter: number;
  worldId: string;
}

/** The state id of the winning ending: the first `good` one, else the first that is not `bad`, else the first ending. */
export function winningEndingId(world: World): string | undefined {
  const endings = Object.entries(world.scene.states).filter(([, state]) => state.ending.isEnding === true);
  const by = (test: (outcome: unknown) => boolean) => endings.find(([, state]) => test(state.ending.outcome))?.[0];
  return by((o) => o === "good") ?? by((o) => o !== "bad") ?? endings[0]?.[0];
}

/** Returns a copy of `world` whose winning ending leads to `next` (unchanged when it has no ending). */
export function linkWinningEnding(world: World, next: ChapterLink): World {
  const id = winningEndingId(world);
  const state = id === undefined ? undefined : world.scene.states[id];
  if (id === undefined || state === undefined) return world;
  const linked: World = structuredClone(world);
  linked.scene.states[id] = {
    ...state,
    ending: { ...state.ending, next: { campaignId: next.campaignId, chapter: next.chapter, worldId: next.worldId } },
  };
  return linked;
}

/** The link a world's ending state carries, if any. */
export function endingLink(world: World, stateId: string): ChapterLink | undefined {
  const next = (world.scene.states[stateId]?.ending as { next?: Partial<ChapterLink> } | undefined)?.next;
  return next && typeof next.campaignId === "string" && typeof next.chapter === "number" && typeof next.worldId === "string"
    ? { campaignId: next.campaignId, chapter: next.chapter, worldId: next.worldId }
    : undefined;
}
