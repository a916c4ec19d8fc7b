"use client";

import { useId } from "react";
import type { World } from "@/lib/kernel";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ArrowRightIcon, MapPinIcon, RotateCcwIcon, XIcon } from "@/components/ui/icons";
import { exitsOf, type Walk } from "./plan-model";

interface PathPickerProps {
  world: World;
  from: string;
  path: string[];
  walk: Walk;
  onChange: (from: string, path: string[]) => void;
}

/**
 * The walk every clip takes: a start state, then events chosen one at a time from the ones that
 * leave the state the walk is in, so only a walk a player could take can be built. A step's ×
 * cuts the walk back to before it.
 */
export function PathPicker({ world, from, path, walk, onChange }: PathPickerProps) {
  const id = useId();
  const stateIds = Object.keys(world.scene.states);
  const exits = walk.broken ? [] : exitsOf(world, walk.end);
  const isEnding = (stateId: string) => world.scene.states[stateId]?.ending.isEnding === true;

  return (
    <div className="space-y-4">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-from`} className="text-[13px] font-medium text-fg">
          Start in
        </label>
        <select
          id={`${id}-from`}
          value={from}
          onChange={(e) => onChange(e.target.value, [])}
          className="block h-9 w-full rounded-md border border-line-strong bg-surface px-2.5 text-sm text-fg shadow-xs sm:max-w-xs"
        >
          {stateIds.map((stateId) => (
            <option key={stateId} value={stateId}>
              {stateId}
              {stateId === world.entrance.state ? " (entrance)" : ""}
              {isEnding(stateId) ? " (ending)" : ""}
            </option>
          ))}
        </select>
      </div>

      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-3">
          <h3 id={`${id}-walk`} className="text-[13px] font-medium text-fg">
            The walk
          </h3>
          {path.length > 0 ? (
            <Button variant="ghost" size="sm" onClick={() => onChange(from, [])}>
              <RotateCcwIcon /> Start over
            </Button>
          ) : null}
        </div>
        <ol
          aria-labelledby={`${id}-walk`}
          data-testid="scenario-walk"
          className="flex flex-wrap items-center gap-x-1.5 gap-y-2 rounded-lg border border-line bg-subtle/40 p-3 text-[13px]"
        >
          <li className="flex items-center gap-1.5">
            <StateChip id={from} start />
          </li>
          {walk.steps.map((step, i) => (
            <li key={`${i}-${step.event}`} className="flex items-center gap-1.5">
              <span className="group inline-flex items-center gap-1 rounded-full border border-accent/30 bg-accent-soft py-0.5 pr-0.5 pl-2 text-accent-text">
                <ArrowRightIcon className="size-3" />
                <span>{step.event}</span>
                <button
                  type="button"
                  onClick={() => onChange(from, path.slice(0, i))}
                  aria-label={`Remove step ${i + 1} (${step.event}) and what follows`}
                  title="Remove this step and what follows"
                  className="grid size-5 place-items-center rounded-full hover:bg-accent/15"
                >
                  <XIcon className="size-3" />
                </button>
              </span>
              {step.inPlace ? <span className="text-fg-subtle">(stays)</span> : <StateChip id={step.to} />}
            </li>
          ))}
        </ol>
        {walk.broken ? (
          <p role="alert" className="text-[13px] text-danger-text">
            Step {walk.broken.step + 1} cannot be taken: {walk.broken.reason}. Remove it or start over.
          </p>
        ) : null}
      </div>

      {!walk.broken ? (
        <div className="space-y-2">
          <h3 id={`${id}-next`} className="text-[13px] font-medium text-fg">
            {path.length === 0 ? "First step" : "Next step"} from <span className="font-mono">{walk.end}</span>
          </h3>
          {exits.length === 0 ? (
            <p className="text-[13px] text-fg-muted">
              {isEnding(walk.end) ? "This is an ending: the walk stops here." : "No event leaves this state."} The plan can be sent as it
              is.
            </p>
          ) : (
            <ul aria-labelledby={`${id}-next`} className="flex flex-wrap gap-2">
              {exits.map((exit) => (
                <li key={exit.name}>
                  <button
                    type="button"
                    onClick={() => onChange(from, [...path, exit.name])}
                    className="inline-flex max-w-full items-center gap-1.5 rounded-md border border-line-strong bg-surface px-2.5 py-1.5 text-left text-[13px] text-fg shadow-xs transition-colors hover:border-accent hover:bg-accent-soft/40"
                  >
                    {exit.hotkey ? (
                      <kbd className="rounded border border-line bg-subtle px-1 font-mono text-[11px] text-fg-muted">{exit.hotkey}</kbd>
                    ) : null}
                    <span className="truncate">{exit.name}</span>
                    <span className="shrink-0 text-fg-subtle">{exit.to ? `→ ${exit.to}` : "(stays)"}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

function StateChip({ id, start = false }: { id: string; start?: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-md px-2 py-0.5 font-mono text-[12px]",
        start ? "bg-fg text-canvas" : "border border-line-strong bg-surface text-fg",
      )}
    >
      {start ? <MapPinIcon className="size-3" /> : null}
      {id}
    </span>
  );
}
