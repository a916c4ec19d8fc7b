"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { InfoIcon, MessageIcon, PlayIcon, RefreshIcon, XIcon } from "@/components/ui/icons";

interface CharacterPreviewProps {
  characterId: string;
  name: string;
  /** The entrance picture (a safe URL), shown until the preview starts. */
  poster: string | null;
  /** A session token minted on the server for the signed-in owner, and when it expires (ISO). */
  token: string;
  expiresAt: string;
  mode: "live" | "test";
  /** The character's turns use no chat time. */
  free: boolean;
  /** The token's userRef: the owner, as a player. */
  userRef: string;
}

/** Start a new token a minute before the old one ends, so that a preview never boots on a dying one. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * The owner's live preview: the character page (`/embed/c/{id}`) framed with a session token the
 * server minted for the owner. It starts on request, so that opening the page neither starts a
 * session nor counts one; a token too close to its end is replaced first (the page re-renders on
 * the server and mints a new one).
 */
export function CharacterPreview({ characterId, name, poster, token, expiresAt, mode, free, userRef }: CharacterPreviewProps) {
  const router = useRouter();
  const [run, setRun] = useState(0);
  const [waiting, setWaiting] = useState(false);
  // The token the running preview booted with (a later render may bring a newer one).
  const [runToken, setRunToken] = useState(token);
  // A new token arrives when the server re-renders the page: start the preview that waited for it.
  const [tokenSeen, setTokenSeen] = useState(token);
  if (token !== tokenSeen) {
    setTokenSeen(token);
    if (waiting) {
      setWaiting(false);
      setRunToken(token);
      setRun((n) => n + 1);
    }
  }

  function start() {
    if (Date.parse(expiresAt) - Date.now() > EXPIRY_MARGIN_MS) {
      setRunToken(token);
      setRun((n) => n + 1);
      return;
    }
    setWaiting(true);
    router.refresh();
  }

  const note =
    mode === "test" ? (
      "Test mode: replies are canned and use no chat time."
    ) : free ? (
      "This character is free to talk to: turns use no chat time, though each one is a say of the app's daily quota."
    ) : (
      <>
        Preview turns are metered like any player&apos;s chat time: you talk as the player{" "}
        <code className="font-mono text-[12px] text-fg">{userRef}</code>, with the same free taste and limits, and each turn is a say of the
        app&apos;s daily quota.
      </>
    );

  return (
    <Card aria-labelledby="preview-title">
      <CardHeader
        titleId="preview-title"
        title="Live preview"
        description={`Talk to ${name} exactly as your players will, in the embed page.`}
        actions={
          run > 0 ? (
            <>
              <Button variant="secondary" size="sm" onClick={start}>
                <RefreshIcon /> Restart
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setRun(0)}>
                <XIcon /> End preview
              </Button>
            </>
          ) : null
        }
      />
      <CardBody className="space-y-3">
        <div className="relative aspect-video overflow-hidden rounded-lg border border-line bg-[#08070c]">
          {run > 0 ? (
            <iframe
              key={run}
              src={`/embed/c/${characterId}#token=${encodeURIComponent(runToken)}`}
              title={`Preview: talk to ${name}`}
              referrerPolicy="no-referrer"
              allow="autoplay"
              className="absolute inset-0 size-full border-0 [color-scheme:light] dark:[color-scheme:dark]"
            />
          ) : (
            <>
              {poster ? (
                // eslint-disable-next-line @next/next/no-img-element -- covers are any hosted URL or a data: URI
                <img src={poster} alt="" className="absolute inset-0 size-full scale-105 object-cover opacity-60 blur-[2px]" />
              ) : null}
              <div className="absolute inset-0 bg-gradient-to-t from-black/80 via-black/30 to-black/10" />
              <div className="relative flex size-full flex-col items-center justify-center gap-4 p-6 text-center text-white">
                <span className="grid size-12 place-items-center rounded-full bg-white/15 ring-1 ring-white/30 backdrop-blur-sm">
                  <MessageIcon className="size-5" />
                </span>
                <div className="space-y-1">
                  <p className="text-lg font-semibold tracking-tight">Talk to {name}</p>
                  <p className="text-sm text-white/75">The conversation runs here, as on your site.</p>
                </div>
                <Button size="lg" onClick={start} loading={waiting}>
                  <PlayIcon /> Start preview
                </Button>
              </div>
            </>
          )}
        </div>
        <p className="flex items-start gap-2 text-[13px] text-fg-muted">
          <InfoIcon className="mt-0.5 size-3.5 shrink-0 text-fg-subtle" />
          <span>{note}</span>
        </p>
      </CardBody>
    </Card>
  );
}
