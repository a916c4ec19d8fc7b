"use client";

import { useMemo, useState } from "react";
import { fillTemplate, type World } from "@/lib/kernel";
import { Dialog } from "@/components/ui/dialog";
import { cn } from "@/components/ui/cn";
import { SearchIcon } from "@/components/ui/icons";
import { OverrideIcon, StateIcon, TransitionIcon } from "./icons";
import { Kbd } from "./inspector-fields";
import { useEditor } from "./use-editor";

export type SearchHit =
  { kind: "state"; id: string; text: string } | { kind: "event"; from: string; name: string; to?: string; text: string };

const MAX_HITS = 50;

function search(world: World, query: string): SearchHit[] {
  const q = query.trim().toLowerCase();
  const hits: Array<SearchHit & { score: number }> = [];
  for (const [id, s] of Object.entries(world.scene.states)) {
    const idl = id.toLowerCase();
    const base = s.base;
    let score = -1;
    if (q === "") score = 0;
    else if (idl === q) score = 100;
    else if (idl.startsWith(q)) score = 80;
    else if (idl.includes(q)) score = 60;
    else if (base.toLowerCase().includes(q)) score = 20;
    if (score >= 0) hits.push({ kind: "state", id, text: fillTemplate(base.slice(0, 160), s.slots, world.slots), score });
  }
  if (q !== "") {
    for (const e of world.scene.events) {
      const name = e.name.toLowerCase();
      const score = name === q ? 50 : name.includes(q) ? 40 : -1;
      if (score >= 0) hits.push({ kind: "event", from: e.from, name: e.name, to: e.to, text: e.base.slice(0, 120), score });
    }
  }
  return hits.sort((a, b) => b.score - a.score).slice(0, MAX_HITS);
}

/** Jump to a state (by id or by words of its base) or an event (by name). */
export function SearchDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (hit: SearchHit) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Go to a state or event" size="lg">
      {open ? <SearchBody onPick={onPick} /> : null}
    </Dialog>
  );
}

/** Mounted only while the dialog is open, so the would-be world is read only then. */
function SearchBody({ onPick }: { onPick: (hit: SearchHit) => void }) {
  const world = useEditor((s) => s.view.world);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const hits = useMemo(() => search(world, query), [world, query]);
  const current = Math.min(active, Math.max(0, hits.length - 1));

  return (
    <div className="-mx-6 pb-2">
      <div className="relative px-6">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-9 size-4 -translate-y-1/2 text-fg-subtle" />
        <input
          role="combobox"
          aria-expanded="true"
          aria-controls="search-results"
          aria-activedescendant={hits.length > 0 ? `search-hit-${current}` : undefined}
          aria-label="Search states and events"
          placeholder="State id, words of its scene, or an event name…"
          className="h-10 w-full rounded-lg border border-line-strong bg-surface pr-3 pl-9 text-sm text-fg shadow-xs placeholder:text-fg-subtle focus-visible:border-accent focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setActive((a) => Math.min(a + 1, hits.length - 1));
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === "Enter") {
              e.preventDefault();
              const hit = hits[current];
              if (hit) onPick(hit);
            }
          }}
        />
      </div>
      <ul id="search-results" role="listbox" aria-label="Results" className="mt-3 max-h-80 overflow-y-auto px-3">
        {hits.length === 0 ? <li className="px-3 py-6 text-center text-sm text-fg-muted">Nothing matches “{query}”.</li> : null}
        {hits.map((hit, i) => (
          <li
            key={hit.kind === "state" ? `s:${hit.id}` : `e:${hit.from}:${hit.name}`}
            id={`search-hit-${i}`}
            role="option"
            aria-selected={i === current}
            onMouseEnter={() => setActive(i)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(hit)}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2",
              i === current ? "bg-accent-soft" : "hover:bg-subtle",
            )}
          >
            <span className="mt-0.5 text-fg-subtle">
              {hit.kind === "state" ? (
                <StateIcon className="size-4" />
              ) : hit.to !== undefined ? (
                <TransitionIcon className="size-4" />
              ) : (
                <OverrideIcon className="size-4" />
              )}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-[13px] font-medium text-fg">
                {hit.kind === "state" ? (
                  <span className="font-mono">{hit.id}</span>
                ) : (
                  <>
                    {hit.name}{" "}
                    <span className="font-mono text-xs font-normal text-fg-subtle">
                      {hit.from}
                      {hit.to !== undefined ? ` → ${hit.to}` : " (in place)"}
                    </span>
                  </>
                )}
              </span>
              {hit.text ? <span className="block truncate text-xs text-fg-muted">{hit.text}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex items-center gap-3 border-t border-line px-6 pt-3 text-[11px] text-fg-subtle">
        <span className="flex items-center gap-1">
          <Kbd>↑</Kbd>
          <Kbd>↓</Kbd> move
        </span>
        <span className="flex items-center gap-1">
          <Kbd>Enter</Kbd> go
        </span>
        <span className="flex items-center gap-1">
          <Kbd>Esc</Kbd> close
        </span>
      </div>
    </div>
  );
}
