"use client";

import { useState, type FormEvent } from "react";
import { replayPlaytest, type PlaytestStep, type World } from "@/lib/kernel";
import { errorMessage } from "@/components/api/client";
import { useCreatePlaytest, useDeletePlaytest, usePlaytests } from "@/components/api/playtests";
import type { WorldRef } from "@/components/api/worlds";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CheckIcon, TrashIcon, XIcon } from "@/components/ui/icons";

/*
 * Recorded play-throughs in the walkthrough (docs/api.md "Play-throughs"): the Record toggle,
 * naming a recording and keeping it with the world, and the list of those kept, each replayed
 * on the working graph with the kernel's replay (the same one every graph write runs).
 */

/** The walkthrough header's toggle: a red dot and the step count while on. */
export function RecordToggle({
  steps,
  onStart,
  onStop,
}: {
  steps: readonly PlaytestStep[] | null;
  onStart: () => void;
  onStop: () => void;
}) {
  const on = steps !== null;
  return (
    <Button
      variant={on ? "danger" : "secondary"}
      size="sm"
      aria-pressed={on}
      onClick={on ? onStop : onStart}
      title={on ? "Stop recording and name this play-through" : "Record a play-through from the entrance"}
    >
      <span aria-hidden="true" className={cn("size-2.5 rounded-full", on ? "animate-pulse bg-white" : "bg-danger")} />
      {on ? `Stop · ${steps.length} ${steps.length === 1 ? "step" : "steps"}` : "Record"}
    </Button>
  );
}

/** After Stop: name the recording and keep it (POST …/playtests), or throw it away. */
export function SavePlaytestForm({ world, steps, onDone }: { world: WorldRef; steps: readonly PlaytestStep[]; onDone: () => void }) {
  const create = useCreatePlaytest(world);
  const [name, setName] = useState("");
  const last = steps[steps.length - 1];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate({ name: name.trim(), steps: [...steps] }, { onSuccess: onDone });
  };

  if (steps.length === 0) {
    return (
      <div className="flex items-center justify-between gap-3 border-b border-line bg-subtle/60 px-5 py-2.5 text-[13px] text-fg-muted">
        Nothing was played while recording, so there is nothing to keep.
        <Button variant="ghost" size="sm" onClick={onDone}>
          OK
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} aria-label="Name this play-through" className="space-y-2 border-b border-line bg-accent-soft/40 px-5 py-3">
      <p className="text-[13px] text-fg">
        Recorded {steps.length} {steps.length === 1 ? "step" : "steps"}, ending in <span className="font-mono">{last?.state}</span>. Name it
        to keep it: every later edit of the graph replays it and says where it breaks.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <input
          autoFocus
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
          aria-label="Play-through name"
          placeholder="e.g. The way to the lamp"
          className="h-8 min-w-0 flex-1 rounded-md border border-line-strong bg-surface px-2.5 text-[13px] text-fg focus:border-accent focus:outline-none"
        />
        <Button type="submit" size="sm" loading={create.isPending} disabled={!name.trim()}>
          Save play-through
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Discard
        </Button>
      </div>
      {create.isError ? (
        <p role="alert" className="text-[12.5px] text-danger-text">
          {errorMessage(create.error)}
        </p>
      ) : null}
    </form>
  );
}

/** The world's play-throughs, each passing or broken on the working graph, with Delete. */
export function PlaytestList({ world, graph }: { world: WorldRef; graph: World }) {
  const playtests = usePlaytests(world);
  const remove = useDeletePlaytest(world);
  const list = playtests.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-label="Recorded play-throughs" className="border-t border-line px-5 py-4">
      <h3 className="text-xs font-medium text-fg-muted">Recorded play-throughs · {list.length}</h3>
      <ul className="mt-2 divide-y divide-line rounded-lg border border-line">
        {list.map((p) => {
          const broke = replayPlaytest(graph, p.steps);
          return (
            <li key={p.playtestId} className="flex items-center gap-3 px-3 py-2 text-[13px]" data-testid="playtest-row">
              {broke ? (
                <XIcon className="size-4 shrink-0 text-danger-text" aria-label="Broken" />
              ) : (
                <CheckIcon className="size-4 shrink-0 text-success-text" aria-label="Passes" />
              )}
              <span className="min-w-0 flex-1">
                <span className="font-medium text-fg">{p.name}</span>
                <span className="ml-2 text-xs text-fg-muted">
                  {p.steps.length} {p.steps.length === 1 ? "step" : "steps"} ·{" "}
                  {broke ? `breaks at step ${broke.step}: ${broke.reason}` : "passes"}
                </span>
              </span>
              <Button
                variant="danger-ghost"
                size="icon-sm"
                aria-label={`Delete play-through ${p.name}`}
                title="Delete"
                loading={remove.isPending && remove.variables === p.playtestId}
                onClick={() => remove.mutate(p.playtestId)}
              >
                <TrashIcon />
              </Button>
            </li>
          );
        })}
      </ul>
      {remove.isError ? (
        <p role="alert" className="mt-2 text-[12.5px] text-danger-text">
          {errorMessage(remove.error)}
        </p>
      ) : null}
    </section>
  );
}
