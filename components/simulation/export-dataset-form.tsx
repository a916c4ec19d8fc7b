"use client";

import { useState, type FormEvent } from "react";
import { ApiRequestError } from "@/components/api/client";
import { isDatasetDone, useDataset, useExportDataset, type Dataset } from "@/components/api/datasets";
import type { WorldRef } from "@/components/api/worlds";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ProgressBar } from "@/components/ui/progress-bar";

type FieldName = "episodes" | "policy" | "camera" | "seed" | "maxSteps";
const FIELDS: readonly FieldName[] = ["episodes", "policy", "camera", "seed", "maxSteps"];

/** A 400's `errors` ("episodes: …") by field; the API holds the limits, the form only shows them. */
function fieldErrors(error: unknown): Partial<Record<FieldName, string>> {
  const out: Partial<Record<FieldName, string>> = {};
  if (!(error instanceof ApiRequestError)) return out;
  for (const line of error.errors) {
    const cut = line.indexOf(": ");
    const field = line.slice(0, cut) as FieldName;
    if (cut > 0 && FIELDS.includes(field) && !out[field]) out[field] = line.slice(cut + 2);
  }
  return out;
}

const sizeOf = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const whole = (text: string) => (/^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : NaN);
const selectClasses = "h-9 w-full rounded-md border border-line-strong bg-surface px-2.5 text-sm text-fg shadow-xs";

/**
 * "Export dataset": rolls episodes out in this world's simulator as a job (POST
 * /v1/worlds/{id}/datasets), shows its progress, and offers the JSONL and NPZ to download.
 */
export function ExportDatasetForm({ world, disabled }: { world: WorldRef; disabled: boolean }) {
  const [episodes, setEpisodes] = useState("5");
  const [policy, setPolicy] = useState<"explore" | "random">("explore");
  const [camera, setCamera] = useState("0");
  const [seed, setSeed] = useState("0");
  const [maxSteps, setMaxSteps] = useState("200");
  const start = useExportDataset(world);
  const [started, setStarted] = useState<Dataset | null>(null);
  const job = useDataset(world, started);
  const dataset = job.data ?? started;
  const errors = fieldErrors(start.error);
  const running = dataset !== null && !isDatasetDone(dataset);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate(
      { episodes: whole(episodes), policy, camera: Number(camera), seed: whole(seed), maxSteps: whole(maxSteps) },
      { onSuccess: (created) => setStarted(created) },
    );
  };

  return (
    <Card aria-labelledby="sim-export-title">
      <CardHeader
        titleId="sim-export-title"
        title="Export dataset"
        description="Roll episodes out with a policy (explore seeks the exits it has used least; random presses keys at random) and download them as JSONL (one line a step) and NPZ (arrays for numpy), exactly as npm run worlds -- sim export writes them. Small datasets only; the command line has no limit."
      />
      <CardBody className="space-y-5">
        <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" aria-label="Export dataset" noValidate>
          <Field label="Episodes" error={errors.episodes}>
            {(control) => <Input {...control} inputMode="numeric" value={episodes} onChange={(e) => setEpisodes(e.target.value)} />}
          </Field>
          <Field label="Policy" error={errors.policy}>
            {(control) => (
              <select
                {...control}
                value={policy}
                onChange={(e) => setPolicy(e.target.value as "explore" | "random")}
                className={selectClasses}
              >
                <option value="explore">Explore</option>
                <option value="random">Random</option>
              </select>
            )}
          </Field>
          <Field label="Camera" error={errors.camera}>
            {(control) => (
              <select {...control} value={camera} onChange={(e) => setCamera(e.target.value)} className={selectClasses}>
                <option value="0">None</option>
                <option value="16">16×16</option>
                <option value="32">32×32</option>
                <option value="64">64×64</option>
              </select>
            )}
          </Field>
          <Field label="Seed" error={errors.seed}>
            {(control) => <Input {...control} inputMode="numeric" value={seed} onChange={(e) => setSeed(e.target.value)} />}
          </Field>
          <Field label="Steps per episode" error={errors.maxSteps}>
            {(control) => <Input {...control} inputMode="numeric" value={maxSteps} onChange={(e) => setMaxSteps(e.target.value)} />}
          </Field>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-5">
            <Button type="submit" loading={start.isPending} disabled={disabled || running}>
              Export dataset
            </Button>
            {start.error && !(start.error instanceof ApiRequestError && start.error.errors.length > 0) ? (
              <p className="text-[13px] text-danger-text" role="alert">
                {start.error instanceof ApiRequestError ? start.error.detail : "The export could not start; try again."}
              </p>
            ) : null}
          </div>
        </form>
        {dataset ? <DatasetStatus dataset={dataset} /> : null}
      </CardBody>
    </Card>
  );
}

function DatasetStatus({ dataset }: { dataset: Dataset }) {
  if (dataset.status === "failed") {
    return <Alert title="The export failed">{dataset.error ?? "Unknown error."}</Alert>;
  }
  if (dataset.status !== "succeeded") {
    return (
      <div className="space-y-1.5" data-testid="sim-export-progress">
        <ProgressBar value={dataset.progress} label="Export progress" valueText={dataset.phase ?? dataset.status} />
        <p className="text-[13px] text-fg-muted">
          {dataset.status === "queued" ? "Queued" : `Running: ${dataset.phase ?? "working"}`} · {dataset.episodes} episodes,{" "}
          {dataset.policy}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-2" data-testid="sim-export-done">
      <p className="text-sm text-fg">
        Done: {dataset.steps?.toLocaleString("en-US")} steps in {dataset.episodes} episodes ({dataset.policy}, seed {dataset.seed}
        {dataset.camera > 0 ? `, ${dataset.camera}×${dataset.camera} camera` : ""}).
      </p>
      <ul className="flex flex-wrap gap-2" aria-label="Dataset files">
        {dataset.files.map((file) => (
          <li key={file.name}>
            <a
              href={file.url}
              download={file.name}
              className="inline-flex h-8 items-center gap-2 rounded-md border border-line-strong bg-surface px-3 text-[13px] font-medium text-fg shadow-xs hover:bg-subtle"
            >
              Download {file.name}
              <span className="text-fg-subtle">{sizeOf(file.bytes)}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="text-xs text-fg-subtle">
        In Python: <code className="font-mono">numpy.load(&quot;dataset.npz&quot;)[&quot;proximity&quot;]</code>; the JSONL has one line a
        step with the same rows.
      </p>
    </div>
  );
}
