"use client";

import { useMemo, useState, type FormEvent } from "react";
import { ApiRequestError } from "@/components/api/client";
import { useCheckFrame, useDescribeFrame, useGroundFrame, type WorldFrame } from "@/components/api/vision";
import type { WorldRef, WorldResource } from "@/components/api/worlds";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { TextArea } from "@/components/ui/text-area";
import { FrameBoxes, type DrawnBox } from "./frame-boxes";

/** Where a frame of the world is: the entrance, or a state with a painted image. */
interface FrameChoice {
  key: string;
  label: string;
  frame: WorldFrame;
  src: string;
}

/** The world's frames the vision routes can read: the entrance's and every state's own image. */
export function framesOf(world: WorldResource["world"]): FrameChoice[] {
  const choices: FrameChoice[] = [];
  if (world.entrance.image.src)
    choices.push({
      key: "entrance",
      label: `Entrance — ${world.entrance.image.label || world.entrance.state}`,
      frame: {},
      src: world.entrance.image.src,
    });
  for (const [id, state] of Object.entries(world.scene.states)) {
    const image = (state as { image?: { src?: string; label?: string } }).image;
    if (image?.src) choices.push({ key: id, label: `${image.label || id} (${id})`, frame: { stateId: id }, src: image.src });
  }
  return choices;
}

/** "lighthouse" expects it; "!dragon" or "no dragon" expects it absent. One a line. */
export function readChecks(text: string): { label: string; present: boolean }[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 16)
    .map((line) => {
      const absent = /^(!|no\s+)/i.exec(line);
      return { label: absent ? line.slice(absent[0].length).trim() : line, present: !absent };
    })
    .filter((c) => c.label !== "");
}

const phrasesOf = (text: string) =>
  [
    ...new Set(
      text
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ].slice(0, 16);

function problem(error: unknown): string {
  return error instanceof ApiRequestError ? error.detail : "Something went wrong; try again.";
}

/**
 * The Vision panel of a world: pick the entrance or a state's frame, type phrases and see their
 * boxes drawn on it, caption it, and run a check list (pass/fail per line). It calls the public
 * /v1/vision routes as the Studio's user acting for the world's app, so each call is metered.
 */
/** Where an answer came from, in words: a painted frame's record is not a detector's guess. */
const SOURCE_WORDS: Record<string, string> = { manifest: "from the painter's record", detector: "offline detector", model: "vision model" };

export function VisionPanel({ world, resource }: { world: WorldRef; resource: WorldResource }) {
  const frames = useMemo(() => framesOf(resource.world), [resource.world]);
  const [key, setKey] = useState(frames[0]?.key ?? "");
  const [phrases, setPhrases] = useState("");
  const [checks, setChecks] = useState("");
  const ground = useGroundFrame(world);
  const describe = useDescribeFrame(world);
  const check = useCheckFrame(world);
  const chosen = frames.find((f) => f.key === key) ?? frames[0];

  if (!chosen) {
    return (
      <Card>
        <CardHeader title="Vision" description="Look at a frame of this world: find things in it, caption it, check what it shows." />
        <CardBody>
          <p className="text-sm text-fg-muted">
            This world has no painted frame to look at yet. Frames come with live generation, or paint one from the Play tab.
          </p>
        </CardBody>
      </Card>
    );
  }

  const same = (frame: WorldFrame | undefined) => (frame?.stateId ?? "") === (chosen.frame.stateId ?? "");
  const found = ground.data && same(ground.variables?.frame) ? ground.data : undefined;
  const caption = describe.data && same(describe.variables?.frame) ? describe.data : undefined;
  const checked = check.data && same(check.variables?.frame) ? check.data : undefined;
  // A locally painted frame is answered from its painter's own record of what it drew (`source:
  // "manifest"`): certain by construction, so no score reads like a detector's confidence.
  const fromRecord = (answer: { source: string } | undefined) => answer?.source === "manifest";
  const boxes: DrawnBox[] = [
    ...(found?.objects.map((o) => ({
      box: o.box,
      label: `${o.phrase}: ${o.label}${fromRecord(found) ? (o.score < 1 ? `, ${Math.round(o.score * 100)}% in sight` : "") : ` ${Math.round(o.score * 100)}%`}`,
      tone: "find" as const,
    })) ?? []),
    ...(checked?.results.flatMap((r) => (r.box ? [{ box: r.box, label: `${r.label} ✓`, tone: "check" as const }] : [])) ?? []),
  ];

  const onFind = (event: FormEvent) => {
    event.preventDefault();
    const list = phrasesOf(phrases);
    if (list.length > 0) ground.mutate({ frame: chosen.frame, phrases: list });
  };
  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    const list = readChecks(checks);
    if (list.length > 0) check.mutate({ frame: chosen.frame, expect: list });
  };
  const source = found ?? caption ?? checked;

  return (
    <Card aria-labelledby="vision-title">
      <CardHeader
        titleId="vision-title"
        title="Vision"
        description="Look at a frame of this world as the API does: find things in it, caption it, check what it shows. Each call is metered (vision_ground, vision_describe, vision_check)."
        actions={
          source ? <Badge tone="neutral">{`${source.provider} · ${SOURCE_WORDS[source.source] ?? source.source}`}</Badge> : undefined
        }
      />
      <CardBody className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-3">
          <Field label="Frame">
            {(control) => (
              <select
                {...control}
                value={chosen.key}
                onChange={(e) => setKey(e.target.value)}
                className="h-9 w-full rounded-md border border-line bg-surface px-2.5 text-sm text-fg"
              >
                {frames.map((f) => (
                  <option key={f.key} value={f.key}>
                    {f.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <FrameBoxes src={chosen.src} alt={chosen.label} boxes={boxes} />
          {caption ? (
            <p data-testid="vision-caption" className="text-sm text-fg">
              {caption.caption}
            </p>
          ) : null}
        </div>
        <div className="space-y-5">
          <form onSubmit={onFind} className="space-y-2">
            <Field label="Find" hint="Words or short phrases, separated by commas.">
              {(control) => (
                <Input {...control} value={phrases} onChange={(e) => setPhrases(e.target.value)} placeholder="keeper, lighthouse, sea" />
              )}
            </Field>
            <div className="flex gap-2">
              <Button type="submit" size="sm" loading={ground.isPending} disabled={phrasesOf(phrases).length === 0}>
                Find
              </Button>
              <Button variant="secondary" size="sm" loading={describe.isPending} onClick={() => describe.mutate({ frame: chosen.frame })}>
                Describe
              </Button>
            </div>
            {found ? (
              <p data-testid="vision-found" className="text-[13px] text-fg-muted">
                {found.objects.length === 0
                  ? "Nothing found for those phrases."
                  : `${found.objects.length} found: ${found.objects.map((o) => o.phrase).join(", ")}`}
                {found.objects.length > 0 ? (fromRecord(found) ? ", from the painter's record of what it drew." : ".") : null}
              </p>
            ) : null}
            {ground.error ? <Alert title="Could not look">{problem(ground.error)}</Alert> : null}
            {describe.error ? <Alert title="Could not describe">{problem(describe.error)}</Alert> : null}
          </form>
          <form onSubmit={onCheck} className="space-y-2">
            <Field label="Check list" hint='One label a line; "!dragon" or "no dragon" passes when it is absent.'>
              {(control) => (
                <TextArea
                  {...control}
                  rows={4}
                  value={checks}
                  onChange={(e) => setChecks(e.target.value)}
                  placeholder={"lighthouse\n!dragon"}
                />
              )}
            </Field>
            <Button type="submit" size="sm" variant="secondary" loading={check.isPending} disabled={readChecks(checks).length === 0}>
              Run checks
            </Button>
            {checked ? (
              <ul aria-label="Check results" className="space-y-1 text-sm">
                {checked.results.map((r, i) => (
                  <li key={`${r.label}-${i}`} data-pass={r.pass} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                    <Badge tone={r.pass ? "success" : "danger"}>{r.pass ? "Pass" : "Fail"}</Badge>
                    <span className="text-fg">{r.label}</span>
                    <span className="text-fg-subtle">
                      {check.variables?.expect[i]?.present === false ? "should be absent" : "should be there"} ·{" "}
                      {r.present
                        ? fromRecord(checked)
                          ? "there, from the painter's record"
                          : `found (score ${r.score.toFixed(2)})`
                        : fromRecord(checked)
                          ? "not in the painter's record"
                          : "not found"}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
            {check.error ? <Alert title="Could not check">{problem(check.error)}</Alert> : null}
          </form>
        </div>
      </CardBody>
    </Card>
  );
}
