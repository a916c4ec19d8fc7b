"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ApiRequestError, errorMessage } from "@/components/api/client";
import { useCreateCampaign } from "@/components/api/campaigns";
import type { GenerationJob } from "@/components/api/jobs";
import { useGenerateWorld } from "@/components/api/worlds";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { BookOpenIcon, ImageIcon, LayersIcon, PenLineIcon } from "@/components/ui/icons";
import { STUDIO_CREATION_MODE } from "@/components/apps/mode-words";
import { POINTS_OF_VIEW } from "@/lib/shared/points-of-view";
import { AppSelect } from "./app-select";
import { BookFields } from "./book-fields";
import {
  campaignRequestOf,
  checkForm,
  EMPTY_BOOK,
  requestOf,
  splitFieldErrors,
  type FieldName,
  type FormState,
} from "./create-world-model";
import { JobProgress } from "./job-progress";
import { SourceFields } from "./source-fields";
import type { AppOption, CreateWorldLimits } from "./types";

interface CreateWorldDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  apps: AppOption[];
  defaultAppId?: string;
  limits: CreateWorldLimits;
  /** A premise to start from (the landing page's "Generate"). */
  initialPremise?: string;
}

/**
 * Create world: choose the app and a source (premise, seed image or chapter), then watch the job;
 * or "New campaign": a whole book becomes a campaign, whose page shows its progress.
 */
export function CreateWorldDialog({ open, onOpenChange, apps, defaultAppId, limits, initialPremise }: CreateWorldDialogProps) {
  const router = useRouter();
  const generate = useGenerateWorld();
  const campaign = useCreateCampaign();
  const initial = (): FormState => ({
    appId: defaultAppId && apps.some((a) => a.id === defaultAppId) ? defaultAppId : (apps[0]?.id ?? ""),
    source: "premise",
    premise: initialPremise ?? "",
    image: null,
    text: "",
    pov: "",
    book: EMPTY_BOOK,
  });
  const [form, setForm] = useState<FormState>(initial);
  const [job, setJob] = useState<{ appId: string; job: GenerationJob } | null>(null);
  const [local, setLocal] = useState<Partial<Record<FieldName, string>>>({});

  const book = form.source === "book";
  const request = book ? campaign : generate;
  const pending = generate.isPending || campaign.isPending;
  const server = splitFieldErrors(request.error, book);
  const fieldError = (name: FieldName) => local[name] ?? server.fields[name];
  const quotaExceeded = generate.error instanceof ApiRequestError && generate.error.code === "quota_exceeded";
  const textLength = form.text.trim().length;
  const tooLong = (form.source === "chapter" && textLength > limits.textMax) || (book && form.book.text.length > limits.bookMax);

  const close = (next: boolean) => {
    if (!next) {
      setForm(initial());
      setJob(null);
      setLocal({});
      generate.reset();
      campaign.reset();
    }
    onOpenChange(next);
  };

  function submit() {
    const errors = checkForm(form, limits);
    setLocal(errors);
    if (Object.keys(errors).length) return;
    const appId = form.appId;
    if (form.source === "book") {
      campaign.mutate(
        { scope: { appId, mode: STUDIO_CREATION_MODE }, input: campaignRequestOf(form.book) },
        {
          onSuccess: ({ campaignId }) => {
            router.push(`/campaigns/${campaignId}`);
            close(false);
          },
        },
      );
      return;
    }
    generate.mutate(
      { appId, mode: STUDIO_CREATION_MODE, input: requestOf(form) },
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
    campaign.reset();
  };

  const appName = apps.find((a) => a.id === (job?.appId ?? form.appId))?.name ?? "";

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      dismissible={!pending}
      size="lg"
      title={job ? "Generating your world" : book ? "New campaign" : "Create a world"}
      description={
        job
          ? `In ${appName}, ${STUDIO_CREATION_MODE} mode. This usually takes under a minute.`
          : book
            ? "A whole book becomes a campaign: one playable world a chapter, linked from each winning ending to the next."
            : "A premise, a seed image or a book chapter becomes a playable world graph."
      }
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
          ) : request.isError ? (
            <Alert title={book ? "The campaign was not started" : "The world was not created"} lines={server.other}>
              {errorMessage(request.error)}
            </Alert>
          ) : null}

          <AppSelect apps={apps} value={form.appId} onChange={(appId) => set("appId", appId)} disabled={pending} />

          <ChoiceCards
            legend="Start from"
            name="source"
            value={form.source}
            onChange={(source) => {
              set("source", source);
              setLocal({});
            }}
            disabled={pending}
            columns={2}
            choices={[
              {
                value: "premise",
                label: "Premise",
                icon: <PenLineIcon className="size-4 text-fg-muted" />,
                description: "A what-if in a few lines.",
              },
              {
                value: "image",
                label: "Seed image",
                icon: <ImageIcon className="size-4 text-fg-muted" />,
                description: "A frame to build on.",
              },
              {
                value: "chapter",
                label: "Book chapter",
                icon: <BookOpenIcon className="size-4 text-fg-muted" />,
                description: "One chapter, one world.",
              },
              {
                value: "book",
                label: "New campaign",
                icon: <LayersIcon className="size-4 text-fg-muted" />,
                description: "A whole book, one world a chapter.",
              },
            ]}
          />

          {book ? (
            <BookFields
              book={form.book}
              limits={limits}
              disabled={pending}
              fieldError={fieldError}
              onChange={(next) => set("book", next)}
              onFileError={(message) => setLocal((l) => ({ ...l, book: message ?? undefined }))}
            />
          ) : (
            <SourceFields
              form={form}
              limits={limits}
              disabled={pending}
              fieldError={fieldError}
              set={set}
              onImageError={(message) => setLocal((l) => ({ ...l, frame_b64: message ?? undefined }))}
            />
          )}

          <details hidden={book} className="group rounded-lg border border-line px-3.5 py-2.5 open:pb-3.5">
            <summary className="cursor-pointer text-[13px] font-medium text-fg-muted group-open:mb-3">Point of view (optional)</summary>
            {/* Labelled choices, not the API's raw values; leaving it alone sends no pov (the server's default). */}
            <ChoiceCards
              legend="How the camera follows the hero"
              name="pov"
              columns={3}
              value={form.pov || limits.defaultPov}
              onChange={(value) => set("pov", value === limits.defaultPov ? "" : value)}
              disabled={pending}
              choices={POINTS_OF_VIEW.map((p) => ({
                value: p.value,
                label: p.value === limits.defaultPov ? `${p.label} (default)` : p.label,
                description: p.description,
              }))}
            />
            {fieldError("pov") ? <p className="mt-2 text-xs text-danger-text">{fieldError("pov")}</p> : null}
          </details>

          <DialogFooter>
            <Button variant="secondary" onClick={() => close(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={!form.appId || tooLong}>
              {book ? "Start campaign" : "Generate world"}
            </Button>
          </DialogFooter>
        </form>
      )}
    </Dialog>
  );
}
