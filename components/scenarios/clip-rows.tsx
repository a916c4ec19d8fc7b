"use client";

import { useId, type ReactNode } from "react";
import type { World } from "@/lib/kernel";
import { CLIP_TIMES, CLIP_WEATHERS } from "@/lib/shared/scenario-plan";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { AlertTriangleIcon, TrashIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { TextArea } from "@/components/ui/text-area";
import {
  changeableSteps,
  describeClip,
  TIME_LABELS,
  variantsOnWalk,
  WEATHER_LABELS,
  type ClipDraft,
  type CounterfactualDraft,
  type PlanDraft,
  type VariationDraft,
  type Walk,
} from "./plan-model";

const selectClasses =
  "h-9 w-full rounded-md border border-line-strong bg-surface px-2.5 text-sm text-fg shadow-xs aria-invalid:border-danger";

interface ClipRowsProps {
  world: World;
  plan: PlanDraft;
  walk: Walk;
  /** Problems by clip index: the composer's own checks, then the API's answer to the last send. */
  problems: Map<number, string[]>;
  onChange: (index: number, clip: ClipDraft) => void;
  onRemove: (index: number) => void;
}

/** The plan's clips, one row each, in the order the batch will hold them. */
export function ClipRows({ world, plan, walk, problems, onChange, onRemove }: ClipRowsProps) {
  const variants = variantsOnWalk(world, walk, plan.from);
  return (
    <ol aria-label="Clips" className="space-y-3">
      {plan.clips.map((clip, index) => {
        const errors = problems.get(index) ?? [];
        return (
          <li
            key={clip.key}
            data-testid="plan-clip"
            data-invalid={errors.length > 0 || undefined}
            className={cn("rounded-lg border bg-surface p-3.5 shadow-xs", errors.length > 0 ? "border-danger/50" : "border-line")}
          >
            <div className="mb-3 flex items-center gap-2">
              <span className="grid size-6 shrink-0 place-items-center rounded-full bg-subtle text-[12px] font-semibold text-fg-muted">
                {index + 1}
              </span>
              <Badge tone={clip.kind === "variation" ? "accent" : "warning"}>{clip.kind === "variation" ? "Variation" : "What if"}</Badge>
              <span className="min-w-0 flex-1 truncate text-[13px] text-fg-muted">{describeClip(plan, clip, world)}</span>
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={() => onRemove(index)}
                aria-label={`Remove clip ${index + 1}`}
                title="Remove this clip"
              >
                <TrashIcon />
              </Button>
            </div>
            {clip.kind === "variation" ? (
              <VariationFields
                clip={clip}
                variants={variants}
                onChange={(next) => onChange(index, next)}
                invalid={errors.some((e) => e.startsWith("Change:"))}
              />
            ) : (
              <CounterfactualFields world={world} plan={plan} walk={walk} clip={clip} onChange={(next) => onChange(index, next)} />
            )}
            {errors.length > 0 ? (
              <ul
                data-testid="clip-errors"
                aria-label={`Problems of clip ${index + 1}`}
                className="mt-3 space-y-1 text-[13px] text-danger-text"
              >
                {errors.map((error, i) => (
                  <li key={i} className="flex gap-1.5">
                    <AlertTriangleIcon className="mt-0.5 size-3.5 shrink-0" />
                    <span>{error}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

function VariationFields({
  clip,
  variants,
  onChange,
  invalid,
}: {
  clip: VariationDraft;
  variants: ReturnType<typeof variantsOnWalk>;
  onChange: (clip: VariationDraft) => void;
  invalid: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <LabeledSelect
        id={`${id}-time`}
        label="Time of day"
        value={clip.timeOfDay}
        invalid={invalid}
        onChange={(v) => onChange({ ...clip, timeOfDay: v as VariationDraft["timeOfDay"] })}
      >
        <option value="">As painted</option>
        {CLIP_TIMES.map((t) => (
          <option key={t} value={t}>
            {TIME_LABELS[t]}
          </option>
        ))}
      </LabeledSelect>
      <LabeledSelect
        id={`${id}-weather`}
        label="Weather"
        value={clip.weather}
        invalid={invalid}
        onChange={(v) => onChange({ ...clip, weather: v as VariationDraft["weather"] })}
      >
        <option value="">As painted</option>
        {CLIP_WEATHERS.map((w) => (
          <option key={w} value={w}>
            {WEATHER_LABELS[w]}
          </option>
        ))}
      </LabeledSelect>
      <LabeledSelect
        id={`${id}-variant`}
        label="State variant"
        value={clip.variant}
        onChange={(v) => onChange({ ...clip, variant: v })}
        disabled={variants.length === 0 && !clip.variant}
        hint={variants.length === 0 ? "No state on this walk has a variant." : "States on the walk that have it are shown as it."}
      >
        <option value="">None</option>
        {variants.map((v) => (
          <option key={v.id} value={v.id}>
            {v.label} ({v.states.join(", ")})
          </option>
        ))}
      </LabeledSelect>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-note`} className="text-[13px] font-medium text-fg">
          Note
        </label>
        <Input
          id={`${id}-note`}
          value={clip.note}
          maxLength={500}
          onChange={(e) => onChange({ ...clip, note: e.target.value })}
          placeholder="a lantern sways overhead"
        />
      </div>
    </div>
  );
}

function CounterfactualFields({
  world,
  plan,
  walk,
  clip,
  onChange,
}: {
  world: World;
  plan: PlanDraft;
  walk: Walk;
  clip: CounterfactualDraft;
  onChange: (clip: CounterfactualDraft) => void;
}) {
  const id = useId();
  const steps = changeableSteps(plan.path);
  const step = steps.includes(clip.step) ? walk.steps[clip.step] : undefined;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <LabeledSelect
        id={`${id}-step`}
        label="Step to change"
        value={steps.includes(clip.step) ? String(clip.step) : ""}
        onChange={(v) => onChange({ ...clip, step: Number(v), to: "" })}
        disabled={walk.steps.length === 0}
        hint={walk.steps.length === 0 ? "Add a step to the walk first." : undefined}
      >
        {steps.includes(clip.step) ? null : <option value="">Choose a step</option>}
        {walk.steps.map((s, i) =>
          steps.includes(i) ? (
            <option key={i} value={i}>
              {i + 1}. {s.event} ({s.from} → {s.inPlace ? "stays" : s.to})
            </option>
          ) : null,
        )}
      </LabeledSelect>
      <LabeledSelect
        id={`${id}-to`}
        label="Leads to instead"
        value={clip.to}
        onChange={(v) => onChange({ ...clip, to: v })}
        disabled={!step}
      >
        <option value="">{step ? `Where it leads now (${step.to})` : "Where it leads now"}</option>
        {Object.keys(world.scene.states)
          .filter((s) => s !== step?.to)
          .map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
      </LabeledSelect>
      <div className="space-y-1.5 sm:col-span-2">
        <label htmlFor={`${id}-base`} className="text-[13px] font-medium text-fg">
          What happens instead
        </label>
        <TextArea
          id={`${id}-base`}
          rows={2}
          maxLength={2000}
          value={clip.base}
          onChange={(e) => onChange({ ...clip, base: e.target.value })}
          placeholder="The bridge gives way and you fall into the cellar."
        />
      </div>
    </div>
  );
}

interface LabeledSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  hint?: string;
  children: ReactNode;
}

function LabeledSelect({ id, label, value, onChange, disabled, invalid, hint, children }: LabeledSelectProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-[13px] font-medium text-fg">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn(selectClasses, "disabled:opacity-60")}
      >
        {children}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="text-[12px] text-fg-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
