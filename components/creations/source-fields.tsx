"use client";

import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { TextArea } from "@/components/ui/text-area";
import { count, type FieldName, type FormState } from "./create-world-model";
import { ImageDrop } from "./image-drop";
import type { CreateWorldLimits } from "./types";

interface SourceFieldsProps {
  form: FormState;
  limits: CreateWorldLimits;
  disabled: boolean;
  fieldError: (name: FieldName) => string | undefined;
  set: <K extends keyof FormState>(key: K, value: FormState[K]) => void;
  /** The seed image could not be taken (type, size, reading), or the problem went away (null). */
  onImageError: (message: string | null) => void;
}

/** The fields of the chosen source: a premise, a seed image (with an optional premise), or a chapter. */
export function SourceFields({ form, limits, disabled, fieldError, set, onImageError }: SourceFieldsProps) {
  const textLength = form.text.trim().length;
  return (
    <>
      {form.source === "premise" ? (
        <Field label="Premise" error={fieldError("premise")} hint={`${count(form.premise.length)} / ${count(limits.premiseMax)}`}>
          {(control) => (
            <TextArea
              {...control}
              rows={4}
              autoFocus
              value={form.premise}
              maxLength={limits.premiseMax}
              disabled={disabled}
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
            onError={onImageError}
          />
          <Field label="What happens here? (optional)" error={fieldError("premise")}>
            {(control) => (
              <TextArea
                {...control}
                rows={2}
                value={form.premise}
                maxLength={limits.premiseMax}
                disabled={disabled}
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
            <span
              className={cn(
                "font-mono text-xs tabular-nums",
                textLength > limits.textMax ? "font-medium text-danger-text" : "text-fg-muted",
              )}
              aria-live="polite"
            >
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
              disabled={disabled}
              placeholder="Paste the chapter here."
              className="font-serif"
              onChange={(e) => set("text", e.target.value)}
            />
          )}
        </Field>
      ) : null}
    </>
  );
}
