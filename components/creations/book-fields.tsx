"use client";

import { useId, useRef, useState, type ChangeEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { ChevronDownIcon, UploadIcon } from "@/components/ui/icons";
import { inputClasses } from "@/components/ui/input";
import { TextArea } from "@/components/ui/text-area";
import { BOOK_FILE, count, type BookState, type FieldName } from "./create-world-model";
import type { CreateWorldLimits } from "./types";

interface BookFieldsProps {
  book: BookState;
  limits: CreateWorldLimits;
  disabled: boolean;
  fieldError: (name: FieldName) => string | undefined;
  onChange: (book: BookState) => void;
  onFileError: (message: string | null) => void;
}

/** A whole book for a campaign: pasted or read from a .txt/.md file, with its length against the limit, the act count and the fidelity. */
export function BookFields({ book, limits, disabled, fieldError, onChange, onFileError }: BookFieldsProps) {
  const file = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const actsId = useId();
  const fidelityId = useId();
  const over = book.text.length > limits.bookMax;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    if (!BOOK_FILE.test(chosen.name)) return onFileError(`${chosen.name} is not a .txt or .md file.`);
    setReading(true);
    try {
      onChange({ ...book, text: await chosen.text(), fileName: chosen.name });
      onFileError(null);
    } catch {
      onFileError(`${chosen.name} could not be read.`);
    } finally {
      setReading(false);
    }
  }

  const acts = Array.from({ length: limits.maxActs - limits.minActs + 1 }, (_, i) => limits.minActs + i);
  return (
    <>
      <Field
        label="Book text"
        error={fieldError("book")}
        aside={
          <span
            className={cn("font-mono text-xs tabular-nums", over ? "font-medium text-danger-text" : "text-fg-muted")}
            aria-live="polite"
            data-testid="book-count"
          >
            {count(book.text.length)} / {count(limits.bookMax)}
          </span>
        }
        hint={
          book.fileName
            ? `Read from ${book.fileName}. Each act of the book becomes a chapter world, authored in order.`
            : "Each act of the book becomes a chapter world, authored in order."
        }
      >
        {(control) => (
          <TextArea
            {...control}
            rows={6}
            autoFocus
            value={book.text}
            disabled={disabled || reading}
            placeholder="Paste the whole book here, or upload it."
            className="font-serif"
            onChange={(e) => onChange({ ...book, text: e.target.value, fileName: null })}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={file}
          type="file"
          accept=".txt,.md,.markdown,text/plain,text/markdown"
          className="sr-only"
          tabIndex={-1}
          aria-label="Book file"
          onChange={(e) => void onFile(e)}
        />
        <Button variant="secondary" size="sm" onClick={() => file.current?.click()} disabled={disabled} loading={reading}>
          <UploadIcon /> Upload .txt or .md
        </Button>
        <div className="flex items-center gap-2">
          <label htmlFor={actsId} className="text-[13px] font-medium text-fg">
            Chapters
          </label>
          <div className="relative">
            <select
              id={actsId}
              value={book.targetActs}
              disabled={disabled}
              aria-describedby={fieldError("target_acts") ? `${actsId}-error` : undefined}
              onChange={(e) => onChange({ ...book, targetActs: e.target.value })}
              className={cn(inputClasses, "h-8 w-36 appearance-none pr-8 text-[13px]")}
            >
              <option value="">As the book has</option>
              {acts.map((n) => (
                <option key={n} value={String(n)}>
                  {n} chapters
                </option>
              ))}
            </select>
            <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-fg-subtle" />
          </div>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={fidelityId} className="text-[13px] font-medium text-fg">
            Fidelity
          </label>
          <div className="relative">
            <select
              id={fidelityId}
              value={book.fidelity}
              disabled={disabled}
              aria-describedby={`${fidelityId}-hint`}
              onChange={(e) => onChange({ ...book, fidelity: e.target.value === "spirit" ? "spirit" : "faithful" })}
              className={cn(inputClasses, "h-8 w-36 appearance-none pr-8 text-[13px]")}
            >
              <option value="faithful">Faithful</option>
              <option value="spirit">In its spirit</option>
            </select>
            <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-fg-subtle" />
          </div>
        </div>
      </div>
      {fieldError("target_acts") ? (
        <p id={`${actsId}-error`} className="text-[13px] text-danger-text">
          {fieldError("target_acts")}
        </p>
      ) : null}
      <p id={`${fidelityId}-hint`} className="text-[13px] text-fg-muted">
        <strong className="font-medium text-fg">Faithful</strong> follows the book&apos;s events and settings;{" "}
        <strong className="font-medium text-fg">in its spirit</strong> keeps its tone and people and invents the rest.
      </p>
    </>
  );
}
