"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { GamepadIcon, InfoIcon, PlayIcon, RefreshIcon, XIcon } from "@/components/ui/icons";

export interface PreviewToken {
  /** Chapter 1's world: the token's subject. */
  worldId: string;
  token: string;
  /** ISO time the token ends. */
  expiresAt: string;
}

/** A new token a minute before the old one ends, so that a preview never boots on a dying one. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * The owner's preview of the campaign: the embed player (`/embed/w/{chapter 1}`) with a token the
 * server minted for chapter 1, which opens every chapter, so "Next chapter" plays on in the same
 * session. It starts on request (booting it starts a session); without a token yet, or one too
 * close to its end, the page re-renders on the server for a new one.
 */
export function CampaignPreview({ name, preview, playable }: { name: string; preview: PreviewToken | null; playable: boolean }) {
  const router = useRouter();
  const [run, setRun] = useState<{ n: number; src: string } | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [seen, setSeen] = useState(preview?.token ?? null);
  const srcOf = (p: PreviewToken) => `/embed/w/${p.worldId}#token=${encodeURIComponent(p.token)}`;
  if ((preview?.token ?? null) !== seen) {
    setSeen(preview?.token ?? null);
    if (waiting && preview) {
      setWaiting(false);
      setRun((r) => ({ n: (r?.n ?? 0) + 1, src: srcOf(preview) }));
    }
  }

  function start() {
    if (preview && Date.parse(preview.expiresAt) - Date.now() > EXPIRY_MARGIN_MS) {
      setRun((r) => ({ n: (r?.n ?? 0) + 1, src: srcOf(preview) }));
      return;
    }
    setWaiting(true);
    router.refresh();
  }

  return (
    <Card aria-labelledby="preview-title">
      <CardHeader
        titleId="preview-title"
        title="Play"
        description="Chapter 1 in the embed player, as your players will see it; each winning ending offers the next chapter."
        actions={
          run ? (
            <>
              <Button variant="secondary" size="sm" onClick={start}>
                <RefreshIcon /> From chapter 1
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setRun(null)}>
                <XIcon /> End preview
              </Button>
            </>
          ) : null
        }
      />
      <CardBody className="space-y-3">
        <div className="relative aspect-video overflow-hidden rounded-lg border border-line bg-[#08070c]">
          {run ? (
            <iframe
              key={run.n}
              src={run.src}
              title={`Preview: play ${name}`}
              referrerPolicy="no-referrer"
              className="absolute inset-0 size-full border-0 [color-scheme:dark]"
            />
          ) : (
            <div className="relative flex size-full flex-col items-center justify-center gap-4 p-6 text-center text-white">
              <span className="grid size-12 place-items-center rounded-full bg-white/15 ring-1 ring-white/30">
                <GamepadIcon className="size-5" />
              </span>
              <div className="space-y-1">
                <p className="text-lg font-semibold tracking-tight">{name}</p>
                <p className="text-sm text-white/75">
                  {playable ? "Play from chapter 1, here as on your site." : "Chapter 1 can be played once it is authored."}
                </p>
              </div>
              <Button size="lg" onClick={start} loading={waiting} disabled={!playable}>
                <PlayIcon /> Play chapter 1
              </Button>
            </div>
          )}
        </div>
        <p className="flex items-start gap-2 text-[13px] text-fg-muted">
          <InfoIcon className="mt-0.5 size-3.5 shrink-0 text-fg-subtle" />
          <span>
            Preview play is metered like any player&apos;s: one session for the whole campaign, its live play time billed to this app.
          </span>
        </p>
      </CardBody>
    </Card>
  );
}
