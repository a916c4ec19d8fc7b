"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from "react";
import { ApiRequestError, errorMessage } from "@/components/api/client";
import { isJobDone, useCancelJob, useJob, type GenerationJob } from "@/components/api/jobs";
import { useUsage } from "@/components/api/usage";
import { useGenerateWorld, type GenerateWorldInput } from "@/components/api/worlds";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { cn } from "@/components/ui/cn";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { BookOpenIcon, CheckIcon, ChevronDownIcon, ImageIcon, PenLineIcon, RefreshIcon, UploadIcon, XIcon } from "@/components/ui/icons";
import { Input, inputClasses } from "@/components/ui/input";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Spinner } from "@/components/ui/spinner";
import { TextArea } from "@/components/ui/text-area";
import type { AppOption, CreateWorldLimits } from "./types";

type Source = "premise" | "image" | "chapter";

interface SeedImage {
  dataUrl: string;
  name: string;
  size: number;
}

interface FormState {
  appId: string;
  source: Source;
  premise: string;
  image: SeedImage | null;
  text: string;
  pov: string;
}

type FieldName = "premise" | "frame_b64" | "text" | "pov";

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];

/** The stages of a generation as the job reports them (docs/api.md "Jobs"), in order. */
const STAGES = [
  { phase: "queued", label: "Queued", short: "Queued" },
  { phase: "authoring", label: "Writing the story", short: "Writing" },
  { phase: "painting", label: "Painting the scenes", short: "Painting" },
  { phase: "saving", label: "Saving the world", short: "Saving" },
] as const;

const stageIndex = (job: GenerationJob) => {
  if (job.status === "succeeded") return STAGES.length;
  const index = STAGES.findIndex((s) => s.phase === job.phase);
  return index === -1 ? (job.progress > 0 ? 1 : 0) : index;
};

const phaseLabel = (job: GenerationJob) => {
  if (job.status === "succeeded") return "Done";
  if (job.status === "failed") return "Failed";
  if (job.status === "cancelled") return "Cancelled";
  return STAGES.find((s) => s.phase === job.phase)?.label ?? (job.phase ? job.phase[0]!.toUpperCase() + job.phase.slice(1) : "Starting");
};

const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`);
const count = (n: number) => n.toLocaleString("en");

/** `field.path: message` lines of a 400, by the form field they belong to. */
function splitFieldErrors(error: unknown): { fields: Partial<Record<FieldName, string>>; other: string[] } {
  const fields: Partial<Record<FieldName, string>> = {};
  const other: string[] = [];
  if (!(error instanceof ApiRequestError)) return { fields, other };
  for (const line of error.errors) {
    const match = /^([a-z_]+)(?:\.[^:]*)?: (.*)$/i.exec(line);
    const name = match?.[1] as FieldName | undefined;
    if (name && ["premise", "frame_b64", "text", "pov"].includes(name) && !fields[name]) fields[name] = match![2]!;
    else other.push(line);
  }
  return { fields, other };
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

function QuotaLine({ appId }: { appId: string }) {
  const usage = useUsage(appId, "live");
  const quota = usage.data?.quotas.generation;
  if (!quota) return <span className="text-fg-subtle">Live generation, counted against the app&apos;s daily quota.</span>;
  const left = Math.max(quota.cap - quota.used, 0);
  return (
    <span className={cn(left === 0 ? "font-medium text-danger-text" : "text-fg-muted")}>
      {left === 0 ? "No generations left today" : `${count(left)} of ${count(quota.cap)} generations left today`} · resets at 00:00 UTC
    </span>
  );
}

function ImageDrop({ image, error, maxBytes, onChange, onError }: { image: SeedImage | null; error?: string; maxBytes: number; onChange: (image: SeedImage | null) => void; onError: (message: string | null) => void }) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  async function take(file: File | undefined) {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return onError("Choose a PNG, JPEG, WebP or GIF image.");
    if (file.size > maxBytes) return onError(`This image is ${formatBytes(file.size)}; the limit is ${formatBytes(maxBytes)}.`);
    try {
      onChange({ dataUrl: await readAsDataUrl(file), name: file.name, size: file.size });
      onError(null);
    } catch (e) {
      onError(errorMessage(e));
    }
  }

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  return (
    <div className="space-y-1.5">
      <span className="text-[13px] font-medium text-fg">Seed image</span>
      {image ? (
        <div className="flex items-center gap-3 rounded-lg border border-line bg-subtle/50 p-2.5">
          {/* eslint-disable-next-line @next/next/no-img-element -- a local data: URL preview */}
          <img src={image.dataUrl} alt="Seed image preview" className="aspect-video w-32 rounded-md object-cover" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-fg">{image.name}</p>
            <p className="text-xs text-fg-muted">{formatBytes(image.size)}</p>
          </div>
          <Button variant="ghost" size="icon" aria-label="Remove image" title="Remove" onClick={() => onChange(null)}>
            <XIcon />
          </Button>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border border-dashed px-4 py-7 text-center transition-colors",
            "has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/30",
            error ? "border-danger" : dragging ? "border-accent bg-accent-soft/50" : "border-line-strong hover:bg-subtle/60",
          )}
        >
          <UploadIcon className="size-5 text-fg-subtle" />
          <span className="text-sm font-medium text-fg">Choose an image or drop it here</span>
          <span className="text-xs text-fg-muted">PNG, JPEG, WebP or GIF, up to {formatBytes(maxBytes)}. It becomes the opening frame.</span>
          <input
            id={inputId}
            type="file"
            accept={IMAGE_TYPES.join(",")}
            className="sr-only"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(e) => {
              void take(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </label>
      )}
      {error ? (
        <p id={`${inputId}-error`} className="text-[13px] text-danger-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function JobProgress({ appId, job, onRetry, onEdit, onDone }: { appId: string; job: GenerationJob; onRetry: () => void; onEdit: () => void; onDone: (worldId: string) => void }) {
  const scope = { appId, mode: "live" as const };
  const polled = useJob(scope, job);
  const cancel = useCancelJob(scope);
  const current = polled.data ?? job;
  const done = isJobDone(current.status);
  const stage = stageIndex(current);

  // Open the world once, when the job reports it.
  const opened = useRef(false);
  useEffect(() => {
    if (current.status !== "succeeded" || !current.worldId || opened.current) return;
    opened.current = true;
    onDone(current.worldId);
  }, [current.status, current.worldId, onDone]);

  return (
    <div className="space-y-5" data-testid="generation-progress">
      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-3">
          <p className="flex items-center gap-2 text-sm font-medium text-fg" aria-live="polite">
            {done ? null : <Spinner className="text-accent-text" />}
            {phaseLabel(current)}
          </p>
          <span className="font-mono text-[13px] text-fg-muted tabular-nums">{Math.round(current.progress * 100)}%</span>
        </div>
        <ProgressBar
          value={current.progress}
          label="Generation progress"
          valueText={phaseLabel(current)}
          tone={current.status === "failed" || current.status === "cancelled" ? "danger" : current.status === "succeeded" ? "success" : "accent"}
        />
      </div>

      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Stages">
        {STAGES.map((s, i) => {
          const state = current.status === "failed" || current.status === "cancelled" ? (i < stage ? "done" : i === stage ? "stopped" : "todo") : i < stage ? "done" : i === stage ? "now" : "todo";
          return (
            <li
              key={s.phase}
              className={cn(
                "flex items-center gap-1.5 rounded-md border px-2 py-1.5 text-xs",
                state === "done" && "border-line text-fg-muted",
                state === "now" && "border-accent/40 bg-accent-soft/60 font-medium text-accent-text",
                state === "stopped" && "border-danger/30 bg-danger-soft text-danger-text",
                state === "todo" && "border-line text-fg-subtle",
              )}
            >
              {state === "done" ? <CheckIcon className="size-3.5 text-success-text" /> : state === "now" ? <Spinner className="size-3" /> : state === "stopped" ? <XIcon className="size-3.5" /> : <span className="size-3.5 rounded-full border border-line-strong" />}
              <span className="truncate">{s.short}</span>
            </li>
          );
        })}
      </ol>

      {current.status === "failed" || current.status === "cancelled" ? (
        <Alert title={current.status === "failed" ? "The world could not be generated" : "Generation cancelled"}>
          {current.error ?? (current.status === "cancelled" ? "Nothing was kept, and the quota unit was given back." : "The job stopped without a reason.")}
        </Alert>
      ) : polled.isError ? (
        <Alert tone="warning" title="Lost track of the job">
          {errorMessage(polled.error)} It may still finish; it will appear in My Creations.
        </Alert>
      ) : (
        <p className="text-[13px] text-fg-muted">
          {current.status === "succeeded" ? "Opening your world…" : "You can close this dialog: the world keeps generating and appears in My Creations when it is ready."}
        </p>
      )}
      {cancel.isError ? <Alert>{errorMessage(cancel.error)}</Alert> : null}

      <DialogFooter>
        {done ? (
          current.status === "succeeded" ? null : (
            <>
              <Button variant="secondary" onClick={onEdit}>
                Edit request
              </Button>
              <Button onClick={onRetry}>
                <RefreshIcon /> Retry
              </Button>
            </>
          )
        ) : (
          <Button variant="secondary" onClick={() => cancel.mutate(current.jobId)} loading={cancel.isPending}>
            Cancel generation
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}

interface CreateWorldDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  apps: AppOption[];
  defaultAppId?: string;
  limits: CreateWorldLimits;
}

/** Create world: choose the app and a source (premise, seed image or chapter), then watch the job. */
export function CreateWorldDialog({ open, onOpenChange, apps, defaultAppId, limits }: CreateWorldDialogProps) {
  const router = useRouter();
  const generate = useGenerateWorld();
  const initial = (): FormState => ({ appId: defaultAppId && apps.some((a) => a.id === defaultAppId) ? defaultAppId : (apps[0]?.id ?? ""), source: "premise", premise: "", image: null, text: "", pov: "" });
  const [form, setForm] = useState<FormState>(initial);
  const [job, setJob] = useState<{ appId: string; job: GenerationJob } | null>(null);
  const [local, setLocal] = useState<Partial<Record<FieldName, string>>>({});
  const appSelectId = useId();

  const server = splitFieldErrors(generate.error);
  const fieldError = (name: FieldName) => local[name] ?? server.fields[name];
  const quotaExceeded = generate.error instanceof ApiRequestError && generate.error.code === "quota_exceeded";
  const textLength = form.text.trim().length;

  const close = (next: boolean) => {
    if (!next) {
      setForm(initial());
      setJob(null);
      setLocal({});
      generate.reset();
    }
    onOpenChange(next);
  };

  function input(): GenerateWorldInput {
    const pov = form.pov.trim() ? { pov: form.pov.trim() } : {};
    if (form.source === "chapter") return { text: form.text, ...pov, async: true };
    if (form.source === "image") return { frame_b64: form.image?.dataUrl, ...(form.premise.trim() ? { premise: form.premise.trim() } : {}), ...pov, async: true };
    return { premise: form.premise.trim(), ...pov, async: true };
  }

  function submit() {
    const errors: Partial<Record<FieldName, string>> = {};
    if (form.source === "premise" && !form.premise.trim()) errors.premise = "Describe the world in a sentence or two.";
    if (form.source === "image" && !form.image) errors.frame_b64 = "Choose a seed image.";
    if (form.source === "chapter" && !textLength) errors.text = "Paste a chapter of text.";
    if (form.source === "chapter" && textLength > limits.textMax) errors.text = `The chapter is ${count(textLength)} characters; the limit is ${count(limits.textMax)}.`;
    setLocal(errors);
    if (Object.keys(errors).length) return;
    const appId = form.appId;
    generate.mutate(
      { appId, mode: "live", input: input() },
      {
        onSuccess: (result) => {
          if (result.kind === "job") setJob({ appId, job: result.job });
          else {
            router.push(`/worlds/${result.world.worldId}`);
            close(false);
          }
        },
      },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    generate.reset();
  };

  const appName = apps.find((a) => a.id === (job?.appId ?? form.appId))?.name ?? "";

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      dismissible={!generate.isPending}
      size="lg"
      title={job ? "Generating your world" : "Create a world"}
      description={job ? `In ${appName}, live mode. This usually takes under a minute.` : "A premise, a seed image or a book chapter becomes a playable world graph."}
    >
      {job ? (
        <JobProgress
          key={job.job.jobId}
          appId={job.appId}
          job={job.job}
          onRetry={() => {
            setJob(null);
            submit();
          }}
          onEdit={() => {
            setJob(null);
            generate.reset();
          }}
          onDone={(worldId) => {
            router.push(`/worlds/${worldId}`);
            router.refresh();
          }}
        />
      ) : (
        <form id="create-world-form" onSubmit={onSubmit} noValidate className="space-y-5">
          {quotaExceeded ? (
            <Alert title="Today's generation quota is used up">
              {generate.error instanceof ApiRequestError ? generate.error.detail : null}{" "}
              <Link href={`/apps/${form.appId}#usage`} className="font-medium underline underline-offset-2">
                See this app&apos;s usage
              </Link>
            </Alert>
          ) : generate.isError ? (
            <Alert title="The world was not created">
              {errorMessage(generate.error)}
              {server.other.length ? (
                <ul className="mt-1 list-disc pl-4">
                  {server.other.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          ) : null}

          <div className="space-y-1.5">
            <label htmlFor={appSelectId} className="text-[13px] font-medium text-fg">
              App
            </label>
            <div className="relative">
              <select
                id={appSelectId}
                value={form.appId}
                onChange={(e) => set("appId", e.target.value)}
                disabled={generate.isPending}
                className={cn(inputClasses, "appearance-none pr-9")}
              >
                {apps.map((app) => (
                  <option key={app.id} value={app.id}>
                    {app.name}
                  </option>
                ))}
              </select>
              <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-subtle" />
            </div>
            <p className="text-[13px]">{form.appId ? <QuotaLine appId={form.appId} /> : null}</p>
          </div>

          <ChoiceCards
            legend="Start from"
            name="source"
            value={form.source}
            onChange={(source) => {
              set("source", source);
              setLocal({});
            }}
            disabled={generate.isPending}
            columns={3}
            choices={[
              { value: "premise", label: "Premise", icon: <PenLineIcon className="size-4 text-fg-muted" />, description: "A what-if in a few lines." },
              { value: "image", label: "Seed image", icon: <ImageIcon className="size-4 text-fg-muted" />, description: "A frame to build on." },
              { value: "chapter", label: "Book chapter", icon: <BookOpenIcon className="size-4 text-fg-muted" />, description: "One chapter, one world." },
            ]}
          />

          {form.source === "premise" ? (
            <Field label="Premise" error={fieldError("premise")} hint={`${count(form.premise.length)} / ${count(limits.premiseMax)}`}>
              {(control) => (
                <TextArea
                  {...control}
                  rows={4}
                  autoFocus
                  value={form.premise}
                  maxLength={limits.premiseMax}
                  disabled={generate.isPending}
                  placeholder="A lighthouse keeper discovers that the tide rewinds whenever the lamp goes dark."
                  onChange={(e) => set("premise", e.target.value)}
                />
              )}
            </Field>
          ) : null}

          {form.source === "image" ? (
            <>
              <ImageDrop
                image={form.image}
                error={fieldError("frame_b64")}
                maxBytes={limits.imageMaxBytes}
                onChange={(image) => set("image", image)}
                onError={(message) => setLocal((l) => ({ ...l, frame_b64: message ?? undefined }))}
              />
              <Field label="What happens here? (optional)" error={fieldError("premise")}>
                {(control) => (
                  <TextArea
                    {...control}
                    rows={2}
                    value={form.premise}
                    maxLength={limits.premiseMax}
                    disabled={generate.isPending}
                    placeholder="The figure in the frame has one night to find the key."
                    onChange={(e) => set("premise", e.target.value)}
                  />
                )}
              </Field>
            </>
          ) : null}

          {form.source === "chapter" ? (
            <Field
              label="Chapter text"
              error={fieldError("text")}
              aside={
                <span className={cn("font-mono text-xs tabular-nums", textLength > limits.textMax ? "font-medium text-danger-text" : "text-fg-muted")} aria-live="polite">
                  {count(textLength)} / {count(limits.textMax)}
                </span>
              }
              hint="One chapter yields one world. Long chapters take a little longer."
            >
              {(control) => (
                <TextArea
                  {...control}
                  rows={8}
                  autoFocus
                  value={form.text}
                  disabled={generate.isPending}
                  placeholder="Paste the chapter here."
                  className="font-serif"
                  onChange={(e) => set("text", e.target.value)}
                />
              )}
            </Field>
          ) : null}

          <details className="group rounded-lg border border-line px-3.5 py-2.5 open:pb-3.5">
            <summary className="cursor-pointer text-[13px] font-medium text-fg-muted group-open:mb-3">Point of view (optional)</summary>
            <Field label="POV" error={fieldError("pov")} hint={`How the camera follows the subject. Default: ${limits.defaultPov}.`}>
              {(control) => (
                <Input
                  {...control}
                  value={form.pov}
                  maxLength={limits.povMax}
                  disabled={generate.isPending}
                  placeholder={limits.defaultPov}
                  className="font-mono text-[13px]"
                  onChange={(e) => set("pov", e.target.value)}
                />
              )}
            </Field>
          </details>

          <DialogFooter>
            <Button variant="secondary" onClick={() => close(false)} disabled={generate.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={generate.isPending} disabled={!form.appId || (form.source === "chapter" && textLength > limits.textMax)}>
              Generate world
            </Button>
          </DialogFooter>
        </form>
      )}
    </Dialog>
  );
}
