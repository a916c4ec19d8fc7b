"use client";

import { useId, useState, type DragEvent } from "react";
import { errorMessage } from "@/components/api/client";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { UploadIcon, XIcon } from "@/components/ui/icons";
import { formatBytes, IMAGE_TYPES, readAsDataUrl, type SeedImage } from "./create-world-model";

/** The seed image: chosen or dropped, checked for type and size, read as a data URL, previewed. */
export function ImageDrop({
  image,
  error,
  maxBytes,
  onChange,
  onError,
}: {
  image: SeedImage | null;
  error?: string;
  maxBytes: number;
  onChange: (image: SeedImage | null) => void;
  onError: (message: string | null) => void;
}) {
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
          <span className="text-xs text-fg-muted">
            PNG, JPEG, WebP or GIF, up to {formatBytes(maxBytes)}. It becomes the opening frame.
          </span>
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
