"use client";

import { useMemo, useRef, useState, type FormEvent } from "react";
import type { World } from "@/lib/kernel";
import { MAX_CLIPS } from "@/lib/shared/scenario-plan";
import { ApiRequestError, errorMessage } from "@/components/api/client";
import { useCreateBatch, type ScenarioScope } from "@/components/api/scenarios";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { Field } from "@/components/ui/field";
import { PlusIcon, SparklesIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { ClipRows } from "./clip-rows";
import { PathPicker } from "./path-picker";
import {
  checkPlan,
  errorsByClip,
  initialPlan,
  newCounterfactual,
  newVariation,
  walkPath,
  withPath,
  type ClipDraft,
  type PlanDraft,
} from "./plan-model";
import { QuickAdd } from "./quick-add";

interface PlanComposerProps {
  scope: ScenarioScope;
  worldId: string;
  world: World;
  onSubmitted: (batchId: string) => void;
}

/** What the API said about the last plan sent: by clip (keyed by the row, so edits clear their own), and the rest. */
interface Refusal {
  detail: string;
  byClip: Map<string, string[]>;
  other: string[];
}

/**
 * The plan of a batch: a walk on the graph, the clips (variations and what-ifs), what every clip
 * must show, and how clips are reviewed. It is checked with the API's own schema as it is
 * typed; problems show once a send was tried, next to their clip.
 */
export function PlanComposer({ scope, worldId, world, onSubmitted }: PlanComposerProps) {
  const [plan, setPlan] = useState<PlanDraft>(() => initialPlan(world));
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const sent = useRef<{ body: string; key: string } | null>(null);
  const create = useCreateBatch(scope);

  const walk = useMemo(() => walkPath(world, plan.from, plan.path), [world, plan.from, plan.path]);
  const check = useMemo(() => checkPlan(world, worldId, plan), [world, worldId, plan]);

  const problems = new Map<number, string[]>();
  plan.clips.forEach((clip, i) => {
    const list = [...(tried ? (check.byClip.get(i) ?? []) : []), ...(refusal?.byClip.get(clip.key) ?? [])];
    if (list.length > 0) problems.set(i, list);
  });

  const setPath = (from: string, path: string[]) => {
    setPlan((p) => withPath(p, from, path));
    setRefusal(null);
  };
  const setClip = (index: number, clip: ClipDraft) => {
    setPlan((p) => ({ ...p, clips: p.clips.map((c, i) => (i === index ? clip : c)) }));
    setRefusal((r) => (r ? { ...r, byClip: new Map([...r.byClip].filter(([key]) => key !== clip.key)) } : r));
  };
  const addClips = (clips: ClipDraft[]) => setPlan((p) => ({ ...p, clips: [...p.clips, ...clips].slice(0, MAX_CLIPS) }));
  const removeClip = (index: number) => setPlan((p) => ({ ...p, clips: p.clips.filter((_, i) => i !== index) }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!check.body) return;
    const json = JSON.stringify(check.body);
    // The same plan sent again (a lost answer) keeps its Idempotency-Key: the API replays the batch.
    const key = sent.current?.body === json ? sent.current.key : crypto.randomUUID();
    sent.current = { body: json, key };
    setRefusal(null);
    const keys = plan.clips.map((c) => c.key);
    create.mutate(
      { body: check.body, idempotencyKey: key },
      {
        onSuccess: (batch) => {
          setTried(false);
          onSubmitted(batch.batchId);
        },
        onError: (error) => {
          if (!(error instanceof ApiRequestError)) return;
          const { byClip, other } = errorsByClip(error.errors);
          setRefusal({
            detail: error.detail,
            byClip: new Map([...byClip].flatMap(([i, list]) => (keys[i] ? [[keys[i]!, list] as const] : []))),
            other,
          });
        },
      },
    );
  };

  const count = plan.clips.length;
  const steps = walk.steps.length;
  const shown = tried ? check.plan : check.plan.filter((p) => p.startsWith("The walk"));

  return (
    <Card aria-labelledby="plan-title">
      <form onSubmit={onSubmit} noValidate>
        <CardHeader
          titleId="plan-title"
          title="New plan"
          description="Pick a walk through the world, then the clips to make of it: the same walk under other conditions, or what would happen if one step went elsewhere. Each clip is painted, checked, and accepted or rejected."
        />
        <CardBody className="space-y-7">
          <section aria-labelledby="plan-walk" className="space-y-3">
            <SectionTitle id="plan-walk" n={1} title="Walk" />
            <PathPicker world={world} from={plan.from} path={plan.path} walk={walk} onChange={setPath} />
          </section>

          <section aria-labelledby="plan-clips" className="space-y-3">
            <SectionTitle id="plan-clips" n={2} title="Clips" />
            {count === 0 ? <p className="text-[13px] text-fg-muted">No clips yet: add a variation or a what-if below.</p> : null}
            <ClipRows world={world} plan={plan} walk={walk} problems={problems} onChange={setClip} onRemove={removeClip} />
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" disabled={count >= MAX_CLIPS} onClick={() => addClips([newVariation()])}>
                <PlusIcon /> Variation
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={count >= MAX_CLIPS}
                onClick={() => addClips([newCounterfactual(Math.max(0, plan.path.length - 1))])}
              >
                <PlusIcon /> What if…
              </Button>
            </div>
            <QuickAdd room={MAX_CLIPS - count} onAdd={addClips} />
          </section>

          <section aria-labelledby="plan-expect" className="space-y-3">
            <SectionTitle id="plan-expect" n={3} title="What every clip must show" />
            <label className="flex items-start gap-2.5 text-sm text-fg">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-accent"
                checked={plan.expectReach}
                onChange={(e) => setPlan((p) => ({ ...p, expectReach: e.target.checked }))}
              />
              <span>
                Ends where its walk ends
                <span className="block text-[13px] text-fg-muted">
                  {walk.broken ? "Fix the walk first." : `For this walk: ${walk.end}. A what-if expects the state its own walk reaches.`}
                </span>
              </span>
            </label>
            <div className="grid gap-3 sm:grid-cols-2">
              <LabeledInput
                label="Should show"
                hint="Labels the last frame must show, separated by commas."
                value={plan.visible}
                placeholder="lantern, keeper"
                onChange={(visible) => setPlan((p) => ({ ...p, visible }))}
              />
              <LabeledInput
                label="Should not show"
                hint="Labels that must not be in the last frame."
                value={plan.absent}
                placeholder="dragon"
                onChange={(absent) => setPlan((p) => ({ ...p, absent }))}
              />
            </div>
          </section>

          <section aria-labelledby="plan-review" className="space-y-3">
            <SectionTitle id="plan-review" n={4} title="Review and name" />
            <ChoiceCards
              legend="Review"
              name="review"
              value={plan.review}
              onChange={(review) => setPlan((p) => ({ ...p, review }))}
              choices={[
                { value: "auto", label: "Automatic", description: "Clips that pass their checks are accepted, the others rejected." },
                { value: "manual", label: "Manual", description: "Clips that pass wait for you to accept or reject them." },
              ]}
            />
            <LabeledInput
              label="Name (optional)"
              value={plan.name}
              placeholder="Night walks"
              maxLength={200}
              onChange={(name) => setPlan((p) => ({ ...p, name }))}
            />
          </section>

          {shown.length > 0 ? (
            <Alert title="The plan cannot be sent yet">
              <ul className="list-disc space-y-0.5 pl-4">
                {shown.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {tried && check.byClip.size > 0 ? (
            <Alert title={`${check.byClip.size === 1 ? "One clip needs" : `${check.byClip.size} clips need`} attention`}>
              Each problem is shown under its clip.
            </Alert>
          ) : null}
          {refusal ? (
            <Alert title="The API refused the plan">
              <p>{refusal.detail}</p>
              {refusal.other.length > 0 ? (
                <ul className="mt-1 list-disc pl-4">
                  {refusal.other.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              ) : null}
              {refusal.byClip.size > 0 ? <p className="mt-1">The clips it names are marked below their fields.</p> : null}
            </Alert>
          ) : create.isError && !(create.error instanceof ApiRequestError && create.error.errors.length > 0) ? (
            <Alert title="The plan was not sent">{errorMessage(create.error)}</Alert>
          ) : null}
        </CardBody>
        <CardFooter>
          <p data-testid="plan-count" aria-live="polite" className="text-sm text-fg">
            <strong className="font-semibold">
              {count} {count === 1 ? "clip" : "clips"}
            </strong>
            <span className="text-fg-muted">
              {" "}
              · {steps === 0 ? "one state each" : `${steps + 1} frames each`} · charged only when accepted
            </span>
          </p>
          <Button type="submit" loading={create.isPending} disabled={count === 0}>
            <SparklesIcon /> {`Make ${count} ${count === 1 ? "clip" : "clips"}`}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function SectionTitle({ id, n, title }: { id: string; n: number; title: string }) {
  return (
    <h3 id={id} className="flex items-center gap-2 text-sm font-semibold text-fg">
      <span
        aria-hidden="true"
        className="grid size-5 place-items-center rounded-full bg-accent-soft text-[11px] font-semibold text-accent-text"
      >
        {n}
      </span>
      {title}
    </h3>
  );
}

function LabeledInput({
  label,
  hint,
  value,
  placeholder,
  maxLength,
  onChange,
}: {
  label: string;
  hint?: string;
  value: string;
  placeholder?: string;
  maxLength?: number;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <Input {...control} value={value} placeholder={placeholder} maxLength={maxLength} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}
