"use client";

import { useEffect, useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";
import { CheckIcon, CopyIcon } from "./icons";

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (insecure context or permissions): fall back to a hidden textarea.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

interface CopyButtonProps {
  value: string;
  /** Accessible name, for example "Copy secret key". */
  label?: string;
  /** Visible text; omit for an icon-only button. */
  text?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

export function CopyButton({ value, label = "Copy", text, variant = "secondary", size = "sm", className }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = window.setTimeout(() => setState("idle"), 1800);
    return () => window.clearTimeout(timer);
  }, [state]);

  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      aria-label={text ? undefined : label}
      title={text ? undefined : label}
      onClick={async () => setState((await writeClipboard(value)) ? "copied" : "failed")}
    >
      {state === "copied" ? <CheckIcon className="text-success-text" /> : <CopyIcon />}
      {text ? <span>{state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : text}</span> : null}
      <span className="sr-only" aria-live="polite">
        {state === "copied" ? "Copied to clipboard" : state === "failed" ? "Could not copy" : ""}
      </span>
    </Button>
  );
}
