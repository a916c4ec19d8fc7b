"use client";

import Link from "next/link";
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { cn } from "@/components/ui/cn";
import { CodeIcon, GlobeIcon } from "@/components/ui/icons";

type EmbedSnippetProps = {
  appId: string;
  /** This service's public origin, e.g. `https://worlds.example.com` (no trailing slash). */
  origin: string;
} & ({ worldId: string; characterId?: never } | { characterId: string; worldId?: never });

/** What the snippets frame: the world player (`/embed/w/`) or a character page (`/embed/c/`). */
interface Target {
  id: string;
  /** The token request's field: `worldId` or `characterId`. */
  field: "worldId" | "characterId";
  /** The constant holding the id in the examples. */
  constant: "WORLD_ID" | "CHARACTER_ID";
  path: "w" | "c";
  /** The iframe's title. */
  title: string;
  /** The example page's route. */
  route: "play" | "talk";
}

function targetOf(props: EmbedSnippetProps): Target {
  return props.characterId !== undefined
    ? { id: props.characterId, field: "characterId", constant: "CHARACTER_ID", path: "c", title: "Talk to the character", route: "talk" }
    : { id: props.worldId, field: "worldId", constant: "WORLD_ID", path: "w", title: "Play the world", route: "play" };
}

type Server = "next" | "express";

const SERVERS: { id: Server; label: string }[] = [
  { id: "next", label: "Next.js" },
  { id: "express", label: "Node (Express)" },
];

function nextExample(origin: string, t: Target): string {
  return `// app/${t.route}/page.tsx: mints a session token on every visit, on your server.
// WORLDS_SECRET_KEY is a secret key (sk_live_… or sk_test_…); never send it to a browser.
const API = "${origin}";
const ${t.constant} = "${t.id}";

export const dynamic = "force-dynamic";

async function mintSessionToken(userRef?: string): Promise<string> {
  const res = await fetch(\`\${API}/v1/sessions/token\`, {
    method: "POST",
    headers: {
      Authorization: \`Bearer \${process.env.WORLDS_SECRET_KEY}\`,
      "Content-Type": "application/json",
    },
    // ttlSeconds: 60..3600 (default 900). userRef: your own id for this player (optional).
    body: JSON.stringify({ ${t.field}: ${t.constant}, ttlSeconds: 900, userRef }),
    cache: "no-store",
  });
  if (!res.ok) throw new Error(\`Could not mint a session token: HTTP \${res.status}\`);
  const { token } = (await res.json()) as { token: string };
  return token;
}

export default async function ${t.route === "talk" ? "TalkPage" : "PlayPage"}() {
  const token = await mintSessionToken();
  return (
    <iframe
      src={\`\${API}/embed/${t.path}/\${${t.constant}}#token=\${encodeURIComponent(token)}\`}
      title="${t.title}"
      referrerPolicy="no-referrer"
      style={{ width: "100%", aspectRatio: "16 / 9", border: 0 }}
    />
  );
}
`;
}

function expressExample(origin: string, t: Target): string {
  return `// server.mjs (npm install express): mints a session token per page view, on your server.
// WORLDS_SECRET_KEY is a secret key (sk_live_… or sk_test_…); never send it to a browser.
import express from "express";

const API = "${origin}";
const ${t.constant} = "${t.id}";
const app = express();

app.get("/${t.route}", async (req, res) => {
  const r = await fetch(\`\${API}/v1/sessions/token\`, {
    method: "POST",
    headers: {
      Authorization: \`Bearer \${process.env.WORLDS_SECRET_KEY}\`,
      "Content-Type": "application/json",
    },
    // ttlSeconds: 60..3600 (default 900). Add userRef to tie the session to your user.
    body: JSON.stringify({ ${t.field}: ${t.constant}, ttlSeconds: 900 }),
  });
  if (!r.ok) return res.status(502).send("Could not start a session.");
  const { token } = await r.json();
  const src = \`\${API}/embed/${t.path}/\${${t.constant}}#token=\${encodeURIComponent(token)}\`;
  res.type("html").send(\`<!doctype html>
<title>${t.route === "talk" ? "Talk" : "Play"}</title>
<iframe src="\${src}" title="${t.title}" referrerpolicy="no-referrer"
  style="width:100%;aspect-ratio:16/9;border:0"></iframe>\`);
});

app.listen(3000, () => console.log("http://localhost:3000/${t.route}"));
`;
}

function iframeTag(origin: string, t: Target): string {
  return `<iframe
  src="${origin}/embed/${t.path}/${t.id}#token=SESSION_TOKEN"
  title="${t.title}"
  referrerpolicy="no-referrer"
  style="width:100%;aspect-ratio:16/9;border:0"
></iframe>`;
}

function CodeBlock({ code, label, id }: { code: string; label: string; id?: string }) {
  return (
    <div className="group relative">
      <pre
        id={id}
        tabIndex={0}
        aria-label={label}
        className="max-h-96 overflow-auto rounded-lg border border-line bg-subtle/60 p-4 pr-14 font-mono text-[12.5px] leading-relaxed text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <code>{code}</code>
      </pre>
      <CopyButton value={code} label={`Copy ${label.toLowerCase()}`} size="icon-sm" className="absolute top-2.5 right-2.5" />
    </div>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="grid grid-cols-[1.75rem_minmax(0,1fr)] gap-x-3">
      <span
        aria-hidden="true"
        className="mt-0.5 grid size-6 place-items-center rounded-full bg-accent-soft text-[12px] font-semibold text-accent-text"
      >
        {n}
      </span>
      <div className="min-w-0 space-y-3">
        <h3 className="text-sm font-semibold text-fg">{title}</h3>
        {children}
      </div>
    </li>
  );
}

/**
 * How to put a world or a character on another website: the developer's server mints a session
 * token with a secret key, and the page frames the player (or the character page) with that
 * token in the URL fragment.
 */
export function EmbedSnippet(props: EmbedSnippetProps) {
  const { appId, origin } = props;
  const target = targetOf(props);
  const character = target.field === "characterId";
  const base = origin.replace(/\/+$/, "");
  const [server, setServer] = useState<Server>("next");
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const uid = useId();
  const code = server === "next" ? nextExample(base, target) : expressExample(base, target);

  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const i = SERVERS.findIndex((s) => s.id === server);
    const next =
      event.key === "ArrowRight"
        ? i + 1
        : event.key === "ArrowLeft"
          ? i - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? SERVERS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = SERVERS[(next + SERVERS.length) % SERVERS.length];
    if (!target) return;
    setServer(target.id);
    tabs.current[SERVERS.indexOf(target)]?.focus();
  }

  return (
    <Card aria-labelledby={`${uid}-title`}>
      <CardHeader
        titleId={`${uid}-title`}
        title="Embed on your site"
        description={
          character
            ? "Your server mints a short-lived session token for this character with a secret key; your page shows the conversation in an iframe. Live chat time is metered per player (userRef)."
            : "Your server mints a short-lived session token with a secret key; your page shows the player in an iframe. Live play time is metered per session."
        }
      />
      <CardBody>
        <ol className="space-y-6">
          <Step n={1} title="Mint a session token on your server">
            <div
              role="tablist"
              aria-label="Server example"
              className="inline-flex rounded-lg border border-line bg-subtle/60 p-0.5"
              onKeyDown={onTabKey}
            >
              {SERVERS.map((s, i) => (
                <button
                  key={s.id}
                  ref={(el) => {
                    tabs.current[i] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`${uid}-tab-${s.id}`}
                  aria-selected={server === s.id}
                  aria-controls={`${uid}-panel`}
                  tabIndex={server === s.id ? 0 : -1}
                  onClick={() => setServer(s.id)}
                  className={cn(
                    "inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 text-[13px] font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                    server === s.id ? "bg-surface text-fg shadow-xs" : "text-fg-muted hover:text-fg",
                  )}
                >
                  <CodeIcon className="size-3.5" />
                  {s.label}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`${uid}-panel`} aria-labelledby={`${uid}-tab-${server}`}>
              <CodeBlock code={code} label={server === "next" ? "Next.js example" : "Express example"} />
            </div>
          </Step>
          <Step n={2} title={character ? "Frame the character with the token" : "Frame the player with the token"}>
            <p className="text-sm text-fg-muted">
              The token goes in the URL fragment (<code className="font-mono text-[12.5px] text-fg">#token=…</code>), so it never reaches a
              server log or a <code className="font-mono text-[12.5px] text-fg">Referer</code>. Mint a fresh one per page view.
            </p>
            <CodeBlock code={iframeTag(base, target)} label="Iframe tag" />
          </Step>
          <Step n={3} title="Allow your site's origin">
            <div className="flex gap-3 rounded-lg border border-accent/20 bg-accent-soft px-3.5 py-3 text-sm text-accent-text">
              <GlobeIcon className="mt-0.5 size-4 shrink-0" />
              <p>
                Add your site&apos;s origin, such as <code className="font-mono text-[12.5px]">https://example.com</code>, under this
                app&apos;s{" "}
                <Link href={`/apps/${appId}#origins-title`} className="font-medium underline underline-offset-2 hover:no-underline">
                  Embedding origins
                </Link>
                . Browsers refuse to show {character ? "the character" : "the player"} on any other site.
              </p>
            </div>
          </Step>
        </ol>
      </CardBody>
    </Card>
  );
}
