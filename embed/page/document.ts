// The player's HTML document and response headers, shared by /embed/w/{worldId} and
// /play/{slug}. The first frame (the entrance's picture, title and prose) is rendered here,
// so first paint never waits for JavaScript; /embed/player.js then takes over the same DOM.
import { randomBytes } from "node:crypto";
import type { World } from "@/lib/kernel/schema";
import type { SceneCues } from "@/lib/shared/scene-cues";
import { focusPosition } from "@/embed/player/frame";
import { actionsHtml, esc, frameLayerHtml, likeHtml, panelHtml, RESTART_ICON, soundHtml } from "@/embed/player/markup";
import { WorldModel } from "@/embed/player/model";
import { PLAYER_CSS } from "./styles";

export const PLAYER_SCRIPT = "/embed/player.js";

export interface PlayerPage {
  /** `token`: the embed page (session token in the fragment); `public`: the play page. */
  source: "token" | "public";
  worldId?: string;
  slug?: string;
  /** The graph to draw the first frame from; omitted when the page may not show the world before a token proves access. */
  world?: World;
  /** Shown in the top bar and the title when known. */
  name?: string;
  mode?: "test" | "live";
  /** Whether search engines may index the page (the public play page). */
  indexable?: boolean;
  /** The cues of the world's states (lib/runtime/scene-cues.ts): the first frame is cropped around its focus. */
  cues?: SceneCues;
  /** The like count, when players may like the world (the button is drawn at once). */
  likeCount?: number | null;
}

/**
 * The response headers of a player page. `frameAncestors` is the CSP source list of who may
 * frame it (`frameAncestorsFor(appId)` of lib/runtime: 'self' and the app's embedding origins).
 * The stylesheet is inline with a per-response nonce; the one script is same-origin; images may
 * come from anywhere (world frames are hosted assets, bucket URLs or inline SVG); the page only
 * talks to its own origin. `media` allows audio from `blob:` URLs (the character page's speech).
 */
export function playerHeaders(frameAncestors: string, nonce: string, options: { media?: boolean } = {}): Record<string, string> {
  const csp = [
    "default-src 'none'",
    `script-src 'self'`,
    `style-src 'nonce-${nonce}'`,
    "img-src * data: blob:",
    // The character page plays its speech from a Blob it made of the audio it fetched.
    ...(options.media ? ["media-src blob:"] : []),
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
  return {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
  };
}

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

export function renderPlayerPage(page: PlayerPage, nonce: string): string {
  const model = page.world ? new WorldModel(page.world) : null;
  const first = model ? model.view(model.entrance) : null;
  const name = page.name ?? page.world?.name ?? "";
  const loading = first === null;
  const data = [
    `data-source="${page.source}"`,
    page.worldId ? `data-world="${esc(page.worldId)}"` : "",
    page.slug ? `data-slug="${esc(page.slug)}"` : "",
    first ? `data-state="${esc(first.stateId)}"` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const hue = first && !first.image ? `#pw-l0{--h:${first.hue}}` : "";
  const focus = first?.image ? `#pw-l0 .pw-frame{object-position:${focusPosition(page.cues?.[first.stateId]?.focus ?? null)}}` : "";
  const title = name ? `${name} · Programmable Worlds` : "Programmable Worlds";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<meta name="robots" content="${page.indexable ? "index, nofollow" : "noindex, nofollow"}">
<title>${esc(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${nonce}">${PLAYER_CSS}${hue}${focus}</style>
<script src="${PLAYER_SCRIPT}" defer></script>
</head>
<body>
<main id="pw" class="pw${loading ? " is-loading" : ""}" ${data}${loading ? ' aria-busy="true"' : ""}>
<div class="pw-stage">${first ? frameLayerHtml(first, true, "pw-l0") : ""}</div>
<div class="pw-shade" aria-hidden="true"></div>
<header class="pw-top">
<h1 class="pw-title"><span class="pw-mark" aria-hidden="true"></span><span class="pw-name">${esc(name)}</span></h1>
<span class="pw-badge"${page.mode === "test" ? "" : " hidden"}>Test mode</span>
${likeHtml(page.likeCount ?? null)}
${soundHtml()}
<button type="button" class="pw-icon" data-restart aria-label="Restart" title="Restart (from the beginning)"${first ? "" : " hidden"}>${RESTART_ICON}</button>
</header>
<p class="pw-caption" role="status" aria-live="polite"></p>
<div class="pw-bottom">
<section class="pw-panel" aria-live="polite" aria-label="Scene">${first ? panelHtml(first) : ""}</section>
<nav class="pw-actions" aria-label="Actions"><ul>${first ? actionsHtml(first) : ""}</ul></nav>
</div>
<section class="pw-ending" aria-labelledby="pw-ending-title" tabindex="-1" hidden></section>
<div class="pw-status" role="status"><span class="pw-loading">Loading world…</span></div>
<noscript><div class="pw-status is-error"><div class="pw-card"><h2>JavaScript is off</h2><p>This world needs JavaScript to play.</p></div></div></noscript>
</main>
</body>
</html>`;
}

/** A small standalone page for a world (or character) that cannot be shown (unknown id or slug). */
export function renderMissingPage(nonce: string, what: "World" | "Character" = "World"): string {
  const thing = what.toLowerCase();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<meta name="robots" content="noindex">
<title>${what} not found · Programmable Worlds</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${nonce}">${PLAYER_CSS}</style>
</head>
<body>
<main class="pw"><div class="pw-stage pw-ph"></div><div class="pw-status is-error" role="alert"><div class="pw-card"><h2>${what} not found</h2><p>This ${thing} does not exist or is not available here.</p></div></div></main>
</body>
</html>`;
}
