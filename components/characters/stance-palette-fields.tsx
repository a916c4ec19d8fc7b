"use client";

import { useId } from "react";
import type { StanceInput } from "@/components/api/characters";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PlusIcon, TrashIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { TextArea } from "@/components/ui/text-area";

/** A stance as the form holds it: a stored one keeps its id (its state and picture go by it); a new one takes its id from its label. */
export interface StanceDraft {
  key: string;
  /** The stored id, or null for a stance added in this form. */
  storedId: string | null;
  label: string;
  mood: string;
  expression: string;
}

export interface PaletteDraft {
  stances: StanceDraft[];
  /** The `key` of the entrance stance. */
  entranceKey: string;
}

let nextKey = 0;
const newKey = () => `stance-${++nextKey}`;

export function draftOf(stances: readonly StanceInput[], entranceId: string | null): PaletteDraft {
  const drafts = stances.map((s) => ({ key: newKey(), storedId: s.id, label: s.label, mood: s.mood, expression: s.expression }));
  return { stances: drafts, entranceKey: drafts.find((d) => d.storedId === entranceId)?.key ?? drafts[0]?.key ?? "" };
}

/** The API's stance id rule: letters, digits, _ and -, at most 40. */
function slugOf(label: string): string {
  const slug = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 32);
  return slug || "stance";
}

/** Each draft's id: stored ones as they are, new ones from their label, made unique with a number. */
export function stanceIds(stances: readonly StanceDraft[]): string[] {
  const taken = new Set(stances.flatMap((s) => (s.storedId ? [s.storedId] : [])));
  return stances.map((s) => {
    if (s.storedId) return s.storedId;
    const base = slugOf(s.label);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return id;
  });
}

/** The palette as the API takes it, or the first problem to show. */
export function paletteRequest(draft: PaletteDraft): { stances: StanceInput[]; entranceState: string } | { error: string } {
  if (draft.stances.length === 0) return { error: "A character needs at least one stance." };
  const unnamed = draft.stances.findIndex((s) => !s.label.trim());
  if (unnamed !== -1) return { error: `Stance ${unnamed + 1} needs a label.` };
  const ids = stanceIds(draft.stances);
  const stances = draft.stances.map((s, i) => ({
    id: ids[i]!,
    label: s.label.trim(),
    mood: s.mood.trim(),
    expression: s.expression.trim(),
  }));
  const entrance = draft.stances.findIndex((s) => s.key === draft.entranceKey);
  return { stances, entranceState: ids[entrance === -1 ? 0 : entrance]! };
}

interface StancePaletteFieldsProps {
  draft: PaletteDraft;
  onChange: (draft: PaletteDraft) => void;
  max: number;
  disabled?: boolean;
}

/** The stance palette: a label, mood and expression per stance, which one a conversation starts in, add and remove. */
export function StancePaletteFields({ draft, onChange, max, disabled }: StancePaletteFieldsProps) {
  const group = useId();
  const ids = stanceIds(draft.stances);
  const update = (key: string, patch: Partial<StanceDraft>) =>
    onChange({ ...draft, stances: draft.stances.map((s) => (s.key === key ? { ...s, ...patch } : s)) });
  const remove = (key: string) => {
    const stances = draft.stances.filter((s) => s.key !== key);
    onChange({ stances, entranceKey: draft.entranceKey === key ? (stances[0]?.key ?? "") : draft.entranceKey });
  };
  const add = () =>
    onChange({ ...draft, stances: [...draft.stances, { key: newKey(), storedId: null, label: "", mood: "", expression: "" }] });

  return (
    <div className="space-y-3">
      <ol aria-label="Stance palette" className="space-y-3">
        {draft.stances.map((stance, i) => {
          const name = stance.label.trim() || `Stance ${i + 1}`;
          return (
            <li key={stance.key} className="rounded-lg border border-line bg-subtle/40 p-3">
              <fieldset disabled={disabled} className="space-y-2.5">
                <legend className="sr-only">{name}</legend>
                <div className="flex items-center justify-between gap-2">
                  <span className="text-[13px] font-medium text-fg">
                    {i + 1}. <code className="font-mono text-[12px] text-fg-subtle">{ids[i]}</code>
                  </span>
                  <div className="flex items-center gap-1">
                    <label className="inline-flex cursor-pointer items-center gap-1.5 text-[13px] text-fg-muted">
                      <input
                        type="radio"
                        name={`${group}-entrance`}
                        checked={draft.entranceKey === stance.key}
                        onChange={() => onChange({ ...draft, entranceKey: stance.key })}
                        aria-label={`Start in ${name}`}
                      />
                      Entrance
                    </label>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${name}`}
                      title="Remove"
                      disabled={draft.stances.length <= 1}
                      onClick={() => remove(stance.key)}
                    >
                      <TrashIcon />
                    </Button>
                  </div>
                </div>
                <div className="grid gap-2.5 sm:grid-cols-2">
                  <Field label="Label">
                    {(control) => (
                      <Input
                        {...control}
                        aria-label={`Stance ${i + 1} label`}
                        value={stance.label}
                        maxLength={60}
                        placeholder="Warm"
                        onChange={(e) => update(stance.key, { label: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field label="Mood">
                    {(control) => (
                      <Input
                        {...control}
                        aria-label={`Stance ${i + 1} mood`}
                        value={stance.mood}
                        maxLength={200}
                        placeholder="happy, friendly"
                        onChange={(e) => update(stance.key, { mood: e.target.value })}
                      />
                    )}
                  </Field>
                </div>
                <Field label="Expression">
                  {(control) => (
                    <TextArea
                      {...control}
                      aria-label={`Stance ${i + 1} expression`}
                      rows={2}
                      value={stance.expression}
                      maxLength={400}
                      placeholder="a warm, open smile"
                      onChange={(e) => update(stance.key, { expression: e.target.value })}
                    />
                  )}
                </Field>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex items-center justify-between gap-3">
        <Button variant="secondary" size="sm" onClick={add} disabled={disabled || draft.stances.length >= max}>
          <PlusIcon /> Add stance
        </Button>
        <span className="text-[13px] text-fg-muted">
          {draft.stances.length} of at most {max}
        </span>
      </div>
    </div>
  );
}
