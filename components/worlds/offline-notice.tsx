"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/dialog";
import { InfoIcon } from "@/components/ui/icons";
import { CONNECT_MODEL, isOfflineWorld, OFFLINE_NOTICE } from "./offline";

/** The server settings that switch generation to a model (docs/providers.md "Configuration"). */
const SETTINGS: ReadonlyArray<{ name: string; meaning: string }> = [
  { name: "AI_BASE_URL", meaning: "an OpenAI-compatible endpoint: OpenAI, Ollama, vLLM, LM Studio, OpenRouter…" },
  { name: "AI_MODEL", meaning: "the chat model that writes worlds (required with AI_BASE_URL)" },
  { name: "AI_API_KEY", meaning: "sent as a bearer token, if the endpoint needs one" },
  { name: "AI_IMAGE_MODEL", meaning: "optional: the image model that paints frames; without it the offline painter keeps painting" },
];

/**
 * The providers doc is a file of the project, not a page the app serves: the dialog says what it
 * says that matters here (the settings) and names the file.
 */
export function ConnectModelDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={CONNECT_MODEL}
      description="This world was written and painted by the built-in offline provider: procedural prose and vector frames, made on this server without any model."
      footer={<Button onClick={() => onOpenChange(false)}>Done</Button>}
    >
      <div className="space-y-3 text-sm text-fg-muted">
        <p>To have a language model write new worlds and an image model paint them, set these on the server and restart it:</p>
        <dl className="space-y-1.5 rounded-lg border border-line bg-subtle/60 px-3.5 py-3">
          {SETTINGS.map((s) => (
            <div key={s.name}>
              <dt className="font-mono text-[13px] font-medium text-fg">{s.name}</dt>
              <dd className="text-[13px]">{s.meaning}</dd>
            </div>
          ))}
        </dl>
        <p>
          Worlds made before keep what they have; new generations use the model. Examples for each server are in{" "}
          <code className="rounded bg-subtle px-1 py-0.5 font-mono text-[12px] text-fg">docs/providers.md</code> of the project&apos;s
          repository.
        </p>
      </div>
    </Dialog>
  );
}

/**
 * Says that a world was made offline, with the way to connect a model; nothing for any other
 * source. `inline` sits in a header row; `banner` heads a panel.
 */
export function OfflineNotice({
  source,
  variant = "inline",
  className,
}: {
  source: string | undefined;
  variant?: "inline" | "banner";
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  if (!isOfflineWorld(source)) return null;
  return (
    <>
      <p
        data-testid="offline-notice"
        className={cn(
          "flex min-w-0 items-center gap-1.5 text-xs",
          variant === "banner" ? "rounded-lg border border-accent/20 bg-accent-soft px-3 py-2 text-accent-text" : "text-fg-muted",
          className,
        )}
      >
        <InfoIcon className="size-3.5 shrink-0" />
        <span>
          {OFFLINE_NOTICE}{" "}
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="rounded font-medium text-accent-text underline decoration-accent/40 underline-offset-2 hover:decoration-current"
          >
            {CONNECT_MODEL}
          </button>
        </span>
      </p>
      <ConnectModelDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
