"use client";

import { useState } from "react";

/** The entrance's opening image, or a note when it cannot be loaded. */
export function FramePreview({ src }: { src: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) {
    return (
      <p className="rounded-lg border border-dashed border-line px-3 py-4 text-center text-xs text-fg-subtle">
        This image could not be loaded.
      </p>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- any URL or data: image; next/image needs known hosts
    <img
      src={src}
      alt="Opening frame preview"
      onError={() => setFailed(src)}
      className="aspect-video w-full rounded-lg border border-line bg-subtle object-cover"
    />
  );
}
