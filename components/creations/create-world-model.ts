import { ApiRequestError } from "@/components/api/client";
import type { GenerationJob } from "@/components/api/jobs";
import type { GenerateWorldInput } from "@/components/api/worlds";
import type { CreateWorldLimits } from "./types";

/** The create dialog's form, the stages a generation reports, and the small readings the dialog's parts share. */

export type Source = "premise" | "image" | "chapter" | "book";

/** A whole book becomes a campaign (POST /v1/campaigns): its text, the act count to aim for, and how closely to follow it. */
export interface BookState {
  text: string;
  /** The uploaded file's name, if the text came from one. */
  fileName: string | null;
  /** "" lets the spine pick (the book's chapter count). */
  targetActs: string;
  fidelity: "faithful" | "spirit";
}

export interface SeedImage {
  dataUrl: string;
  name: string;
  size: number;
}

export interface FormState {
  appId: string;
  source: Source;
  premise: string;
  image: SeedImage | null;
  text: string;
  pov: string;
  book: BookState;
}

export type FieldName = "premise" | "frame_b64" | "text" | "pov" | "book" | "target_acts";

export const EMPTY_BOOK: BookState = { text: "", fileName: null, targetActs: "", fidelity: "faithful" };

/** The files a book may be read from. */
export const BOOK_FILE = /\.(txt|md|markdown)$/i;

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];

/** The stages of a generation as the job reports them (docs/api.md "Jobs"), in order. */
export const STAGES = [
  { phase: "queued", label: "Queued", short: "Queued" },
  { phase: "authoring", label: "Writing the story", short: "Writing" },
  { phase: "painting", label: "Painting the scenes", short: "Painting" },
  { phase: "saving", label: "Saving the world", short: "Saving" },
] as const;

export const stageIndex = (job: GenerationJob) => {
  if (job.status === "succeeded") return STAGES.length;
  const index = STAGES.findIndex((s) => s.phase === job.phase);
  return index === -1 ? (job.progress > 0 ? 1 : 0) : index;
};

export const phaseLabel = (job: GenerationJob) => {
  if (job.status === "succeeded") return "Done";
  if (job.status === "failed") return "Failed";
  if (job.status === "cancelled") return "Cancelled";
  return STAGES.find((s) => s.phase === job.phase)?.label ?? (job.phase ? job.phase[0]!.toUpperCase() + job.phase.slice(1) : "Starting");
};

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
export const count = (n: number) => n.toLocaleString("en");

/** `field.path: message` lines of a 400, by the form field they belong to. */
export function splitFieldErrors(error: unknown, book = false): { fields: Partial<Record<FieldName, string>>; other: string[] } {
  const fields: Partial<Record<FieldName, string>> = {};
  const other: string[] = [];
  if (!(error instanceof ApiRequestError)) return { fields, other };
  for (const line of error.errors) {
    const match = /^([a-z_]+)(?:\.[^:]*)?: (.*)$/i.exec(line);
    const raw = match?.[1];
    const name = (book && raw === "text" ? "book" : raw) as FieldName | undefined;
    const known: FieldName[] = book ? ["book", "target_acts"] : ["premise", "frame_b64", "text", "pov"];
    if (name && known.includes(name) && !fields[name]) fields[name] = match![2]!;
    else other.push(line);
  }
  return { fields, other };
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

/** What the form says before anything is sent: a source needs its input, a chapter fits the limit. */
export function checkForm(form: FormState, limits: CreateWorldLimits): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  const textLength = form.text.trim().length;
  if (form.source === "premise" && !form.premise.trim()) errors.premise = "Describe the world in a sentence or two.";
  if (form.source === "image" && !form.image) errors.frame_b64 = "Choose a seed image.";
  if (form.source === "chapter" && !textLength) errors.text = "Paste a chapter of text.";
  if (form.source === "chapter" && textLength > limits.textMax)
    errors.text = `The chapter is ${count(textLength)} characters; the limit is ${count(limits.textMax)}.`;
  if (form.source === "book") {
    if (!form.book.text.trim()) errors.book = "Paste the book or upload a .txt or .md file.";
    else if (form.book.text.length > limits.bookMax)
      errors.book = `The book is ${count(form.book.text.length)} characters; the limit is ${count(limits.bookMax)}.`;
  }
  return errors;
}

/** The POST /v1/campaigns body of the form: the book as given, `target_acts` when chosen, the fidelity. */
export function campaignRequestOf(book: BookState) {
  return { text: book.text, fidelity: book.fidelity, ...(book.targetActs ? { target_acts: Number(book.targetActs) } : {}) };
}

/** The POST /v1/worlds body of the form: its source's fields, the POV when given, always async. */
export function requestOf(form: FormState): GenerateWorldInput {
  const pov = form.pov.trim() ? { pov: form.pov.trim() } : {};
  if (form.source === "chapter") return { text: form.text, ...pov, async: true };
  if (form.source === "image")
    return { frame_b64: form.image?.dataUrl, ...(form.premise.trim() ? { premise: form.premise.trim() } : {}), ...pov, async: true };
  return { premise: form.premise.trim(), ...pov, async: true };
}
