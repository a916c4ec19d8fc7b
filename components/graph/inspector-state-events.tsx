"use client";

import type { World } from "@/lib/kernel";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import type { EditorStore } from "./editor-store";
import { OverrideIcon, TransitionIcon } from "./icons";
import { Kbd, Section, stateNameOf } from "./inspector-fields";

/** The inspector's list of a saved state's events (each opens that event) and the states it is reached from. */
export function StateEventsSection({
  store,
  world,
  stateId,
  outIdx,
  inIdx,
}: {
  store: EditorStore;
  world: World;
  stateId: string;
  outIdx: readonly number[];
  inIdx: readonly number[];
}) {
  return (
    <Section
      title="Events"
      description="Transitions move the player on; in-place actions play where the player is."
      action={
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs"
          onClick={() => void store.addEvent(stateId)}
          title="Add an event from this state (E)"
        >
          <PlusIcon /> Add event
        </Button>
      }
    >
      {outIdx.length === 0 ? <p className="text-xs text-fg-subtle">No events leave this state yet.</p> : null}
      <ul className="space-y-1">
        {outIdx.map((i) => {
          const e = world.scene.events[i]!;
          return (
            <li key={`${e.name}-${i}`}>
              <button
                type="button"
                onClick={() => void store.select({ kind: "event", from: e.from, name: e.name })}
                className="flex w-full items-center gap-2 rounded-md border border-line bg-surface px-2 py-1.5 text-left text-[13px] hover:border-line-strong hover:bg-subtle/60"
              >
                {e.to !== undefined ? (
                  <TransitionIcon className="size-3.5 shrink-0 text-fg-subtle" />
                ) : (
                  <OverrideIcon className="size-3.5 shrink-0 text-fg-subtle" />
                )}
                {e.hotkey ? <Kbd>{e.hotkey}</Kbd> : null}
                <span className="min-w-0 flex-1 truncate text-fg">{e.name}</span>
                <span className="max-w-[40%] shrink-0 truncate font-mono text-[11px] text-fg-subtle">
                  {e.to !== undefined ? `→ ${stateNameOf(world, e.to) ?? e.to}` : "in place"}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {inIdx.length > 0 ? (
        <div className="pt-1">
          <p className="mb-1 text-[11px] font-medium text-fg-subtle">Reached from</p>
          <div className="flex flex-wrap gap-1">
            {inIdx.slice(0, 12).map((i) => {
              const e = world.scene.events[i]!;
              return (
                <button
                  key={`${e.from}-${e.name}-${i}`}
                  type="button"
                  onClick={() => void store.select({ kind: "event", from: e.from, name: e.name })}
                  className="max-w-full truncate rounded-md border border-line bg-subtle px-1.5 py-0.5 font-mono text-[11px] text-fg-muted hover:border-line-strong hover:text-fg"
                  title={`${e.name} from ${stateNameOf(world, e.from) ?? e.from} (${e.from})`}
                >
                  {stateNameOf(world, e.from) ?? e.from}
                </button>
              );
            })}
            {inIdx.length > 12 ? <span className="px-1 text-[11px] text-fg-subtle">+{inIdx.length - 12} more</span> : null}
          </div>
        </div>
      ) : null}
    </Section>
  );
}
