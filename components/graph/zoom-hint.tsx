"use client";

import { useStore } from "@xyflow/react";
import { useEffect } from "react";

/** A note over the canvas's top: how to read what is too small at this zoom. */
export function ZoomHint({ text }: { text: string }) {
  return (
    <p
      className="pw-zoom-hint pointer-events-none absolute top-3 left-1/2 z-10 max-w-[90%] -translate-x-1/2 rounded-full border border-line bg-surface/95 px-3 py-1 text-center text-[12.5px] text-fg-muted shadow-sm"
      role="note"
    >
      {text}
    </p>
  );
}

/** The canvas's zoom as the CSS variable `--pw-zoom`: text that keeps its on-screen size reads it. */
export function ZoomVar() {
  const k = useStore((s) => s.transform[2]);
  useEffect(() => {
    document.querySelector<HTMLElement>(".pw-canvas")?.style.setProperty("--pw-zoom", String(k));
  }, [k]);
  return null;
}
