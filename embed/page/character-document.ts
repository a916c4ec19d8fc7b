// The character page's HTML document (/embed/c/{characterId}): a picture of the character in
// its stance beside a conversation. A character anyone with the link may see is drawn here
// (name, entrance stance, greeting) so first paint never waits for JavaScript; a private one
// shows nothing of itself until the token in the fragment has proved access.
// /embed/character.js then takes over the same DOM.
import { lineHtml, SEND_ICON, stanceHtml, stanceLayerHtml } from "@/embed/character/markup";
import { readCharacter, stanceView } from "@/embed/character/model";
import { esc } from "@/embed/player/markup";
import type { World } from "@/lib/kernel/schema";
import { CHARACTER_CSS } from "./styles";

export const CHARACTER_SCRIPT = "/embed/character.js";

export interface CharacterPage {
  characterId: string;
  /** The public graph to draw the first frame from; omitted for a private character. */
  world?: World;
  name?: string;
  mode?: "test" | "live";
  /** The public play page (/play/{slug}) of a public live character: no token, an anonymous session from the slug. */
  slug?: string;
}

export function renderCharacterPage(page: CharacterPage, nonce: string): string {
  const character = page.world ? readCharacter(page.world, page.name ?? "") : null;
  const first = character ? stanceView(character, character.entrance) : null;
  const name = character?.name ?? "";
  const loading = first === null;
  const hue = first && !first.image ? `#pc-l0{--h:${first.hue}}` : "";
  const title = name ? `${name} · Programmable Worlds` : "Programmable Worlds";
  const greeting = character?.greeting
    ? lineHtml({ who: "character", text: character.greeting, mood: first?.label, speak: false }, name)
    : "";
  const placeholder = character?.hint || (name ? `Say something to ${name}…` : "Say something…");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark light">
<meta name="robots" content="noindex, nofollow">
<title>${esc(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${nonce}">${CHARACTER_CSS}${hue}</style>
<script src="${CHARACTER_SCRIPT}" defer></script>
</head>
<body>
<main id="pc" class="pw pc${loading ? " is-loading" : ""}" data-character="${esc(page.characterId)}"${page.slug ? ` data-slug="${esc(page.slug)}"` : ""}${first ? ` data-stance="${esc(first.id)}"` : ""}${loading ? ' aria-busy="true"' : ""}>
<section class="pc-scene" aria-label="Character">
<div class="pw-stage">${first ? stanceLayerHtml(first, name, true, "pc-l0") : ""}</div>
<div class="pc-shade" aria-hidden="true"></div>
<div class="pc-stance">${first ? stanceHtml(first) : ""}</div>
</section>
<section class="pc-chat" aria-label="Conversation">
<header class="pc-top">
<h1 class="pw-title"><span class="pw-mark" aria-hidden="true"></span><span class="pw-name">${esc(name)}</span></h1>
<span class="pw-badge"${page.mode === "test" ? "" : " hidden"}>Test mode</span>
</header>
<ol class="pc-log" role="log" aria-live="polite" aria-label="Messages" tabindex="0">${greeting}</ol>
<div class="pc-error" role="alert" hidden><p></p><button type="button" class="pc-retry" data-retry hidden>Try again</button></div>
<form class="pc-form" novalidate>
<label class="pc-sr" for="pc-input">Your message${name ? ` to ${esc(name)}` : ""}</label>
<input id="pc-input" class="pc-input" type="text" name="text" maxlength="4000" autocomplete="off" enterkeyhint="send" placeholder="${esc(placeholder)}" disabled>
<button type="submit" class="pc-send" disabled><span class="pc-sr">Send</span>${SEND_ICON}</button>
</form>
</section>
<div class="pw-status" role="status"><span class="pw-loading">Loading character…</span></div>
<noscript><div class="pw-status is-error"><div class="pw-card"><h2>JavaScript is off</h2><p>This character needs JavaScript to talk.</p></div></div></noscript>
</main>
</body>
</html>`;
}
