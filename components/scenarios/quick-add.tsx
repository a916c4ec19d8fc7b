"use client";

import { useState } from "react";
import { CLIP_TIMES, CLIP_WEATHERS } from "@/lib/shared/scenario-plan";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { PlusIcon } from "@/components/ui/icons";
import { newVariation, TIME_LABELS, WEATHER_LABELS, type TimeOfDay, type VariationDraft, type Weather } from "./plan-model";

/** Every pairing of the chosen times and weathers (one list alone: a clip for each of it). */
export function combinations(times: readonly TimeOfDay[], weathers: readonly Weather[]): VariationDraft[] {
  if (times.length === 0) return weathers.map((weather) => newVariation({ weather }));
  if (weathers.length === 0) return times.map((timeOfDay) => newVariation({ timeOfDay }));
  return times.flatMap((timeOfDay) => weathers.map((weather) => newVariation({ timeOfDay, weather })));
}

/** "The same walk at night, at dusk, in rain…": tick times and weathers, get a clip for each pairing. */
export function QuickAdd({ room, onAdd }: { room: number; onAdd: (clips: VariationDraft[]) => void }) {
  const [times, setTimes] = useState<TimeOfDay[]>([]);
  const [weathers, setWeathers] = useState<Weather[]>([]);
  const count = times.length === 0 && weathers.length === 0 ? 0 : Math.max(times.length, 1) * Math.max(weathers.length, 1);
  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  return (
    <fieldset className="space-y-2.5 rounded-lg border border-dashed border-line-strong p-3.5">
      <legend className="px-1 text-[13px] font-medium text-fg">A variation for each</legend>
      <Chips
        legend="Times of day"
        values={CLIP_TIMES}
        labels={TIME_LABELS}
        chosen={times}
        onToggle={(t) => setTimes((l) => toggle(l, t))}
      />
      <Chips
        legend="Weathers"
        values={CLIP_WEATHERS}
        labels={WEATHER_LABELS}
        chosen={weathers}
        onToggle={(w) => setWeathers((l) => toggle(l, w))}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          size="sm"
          variant="secondary"
          disabled={count === 0 || count > room}
          onClick={() => {
            onAdd(combinations(times, weathers));
            setTimes([]);
            setWeathers([]);
          }}
        >
          <PlusIcon /> {count === 0 ? "Add clips" : `Add ${count} ${count === 1 ? "clip" : "clips"}`}
        </Button>
        <span className="text-[12px] text-fg-muted">
          {count > room ? `Only ${room} more fit in one batch.` : "Each pairing becomes one clip of the same walk."}
        </span>
      </div>
    </fieldset>
  );
}

function Chips<V extends string>({
  legend,
  values,
  labels,
  chosen,
  onToggle,
}: {
  legend: string;
  values: readonly V[];
  labels: Record<V, string>;
  chosen: V[];
  onToggle: (value: V) => void;
}) {
  return (
    <div role="group" aria-label={legend} className="flex flex-wrap items-center gap-1.5">
      <span className="w-28 shrink-0 text-[12px] text-fg-muted">{legend}</span>
      {values.map((value) => {
        const on = chosen.includes(value);
        return (
          <button
            key={value}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(value)}
            className={cn(
              "rounded-full border px-2.5 py-0.5 text-[12px] font-medium transition-colors",
              on ? "border-accent bg-accent-soft text-accent-text" : "border-line-strong bg-surface text-fg-muted hover:text-fg",
            )}
          >
            {labels[value]}
          </button>
        );
      })}
    </div>
  );
}
