// HTML fragments of the player, shared by the server (first paint, in the route handlers) and
// the browser (every later state), so both draw exactly the same thing. Every dynamic value
// goes through `esc`.
import { hotkeyLabel, type ActionView, type EndingView, type SceneView } from "./model";

export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const SPARK =
  '<svg class="pw-spark" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 2.5l2.1 6.4 6.4 2.1-6.4 2.1L12 19.5l-2.1-6.4L3.5 11l6.4-2.1z"/></svg>';

export const RESTART_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round"><path d="M3 12a9 9 0 1 0 3-6.7L3 8"/><path d="M3 3v5h5"/></svg>';

function kbd(hotkey: string): string {
  return hotkey ? `<kbd aria-hidden="true">${esc(hotkeyLabel(hotkey))}</kbd>` : "";
}

export function actionHtml(a: ActionView): string {
  const keys = a.hotkey ? ` aria-keyshortcuts="${esc(a.hotkey.length === 1 ? a.hotkey.toUpperCase() : a.hotkey)}"` : "";
  const hint = a.kind === "override" ? ` title="Plays here, without leaving this scene"` : "";
  return `<li><button type="button" class="pw-act pw-${a.kind}" data-event="${a.index}"${keys}${hint}>${kbd(a.hotkey)}${a.kind === "override" ? SPARK : ""}<span>${esc(a.name)}</span></button></li>`;
}

export function actionsHtml(view: SceneView): string {
  return view.ending ? "" : view.actions.map(actionHtml).join("");
}

/** The prose panel's inner HTML: label, base and ambient lines (never the renderer's camera and movement directions). */
export function panelHtml(view: SceneView): string {
  const parts: string[] = [];
  const kicker = [view.label, view.take?.label ?? ""].filter((part) => part !== "").join(" · ");
  if (kicker) parts.push(`<p class="pw-kicker">${esc(kicker)}</p>`);
  if (view.base) parts.push(`<p class="pw-base">${esc(view.base)}</p>`);
  if (view.ambient.length) parts.push(`<p class="pw-ambient">${view.ambient.map(esc).join('<span aria-hidden="true"> · </span>')}</p>`);
  return parts.join("");
}

const OUTCOME_TEXT = { good: "A good ending", bad: "A bad ending", neutral: "An ending" } as const;

const NEXT_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round"><path d="M5 12h14"/><path d="m13 6 6 6-6 6"/></svg>';

/** The ending card; a chapter's winning ending offers the next chapter first, restart second. */
export function endingHtml(ending: EndingView): string {
  const outcome = ending.outcome ?? "neutral";
  const restart = `<button type="button" class="pw-btn${ending.next ? " pw-quiet" : ""}" data-restart aria-keyshortcuts="R">${RESTART_ICON}<span>Restart</span><kbd aria-hidden="true">R</kbd></button>`;
  const next = ending.next
    ? `<button type="button" class="pw-btn" data-next-chapter aria-keyshortcuts="N">${NEXT_ICON}<span>Next chapter</span><kbd aria-hidden="true">N</kbd></button>`
    : "";
  return (
    `<div class="pw-card">` +
    `<p class="pw-outcome pw-${outcome}">${OUTCOME_TEXT[outcome]}</p>` +
    `<h2 id="pw-ending-title">${esc(ending.title)}</h2>` +
    (ending.text ? `<p class="pw-ending-text">${esc(ending.text)}</p>` : "") +
    (ending.next ? `<p class="pw-next-note" role="status" hidden></p><div class="pw-ending-actions">${next}${restart}</div>` : restart) +
    `</div>`
  );
}

/** One picture layer of the stage: the state's frame, or its gradient placeholder. */
export function layerHtml(view: Pick<SceneView, "image" | "label">, on: boolean, id?: string): string {
  const cls = `pw-layer${on ? " on" : ""}`;
  const idAttr = id ? ` id="${id}"` : "";
  return view.image
    ? `<img${idAttr} class="${cls}" src="${esc(view.image)}" alt="${esc(view.label)}" fetchpriority="high">`
    : `<div${idAttr} class="${cls} pw-ph" role="presentation"></div>`;
}

/**
 * One picture layer of the world player's stage: a box holding the state's frame (which the
 * player places around its focus and moves, motion.ts), or its gradient placeholder.
 * `position` is the frame's first-paint `object-position` (the focus's centre), set by the
 * server's stylesheet for the first frame; the player places later ones itself.
 */
export function frameLayerHtml(view: Pick<SceneView, "image" | "label">, on: boolean, id?: string): string {
  const cls = `pw-layer${on ? " on" : ""}`;
  const idAttr = id ? ` id="${id}"` : "";
  return view.image
    ? `<div${idAttr} class="${cls}"><img class="pw-frame" src="${esc(view.image)}" alt="${esc(view.label)}" fetchpriority="high"></div>`
    : `<div${idAttr} class="${cls} pw-ph" role="presentation"></div>`;
}

const HEART =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.9" stroke-linejoin="round"><path d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8 3.6 4.5 7.1 4.5c2.1 0 3.6 1.2 4.9 2.9 1.3-1.7 2.8-2.9 4.9-2.9 3.5 0 5.6 3.5 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"/></svg>';
const SOUND_ON =
  '<svg class="pw-sound-on" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round"><path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z"/><path d="M15.5 9a4.5 4.5 0 0 1 0 6"/><path d="M18 6.5a8 8 0 0 1 0 11"/></svg>';
const SOUND_OFF =
  '<svg class="pw-sound-off" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round"><path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z"/><path d="m16 9.5 5 5"/><path d="m21 9.5-5 5"/></svg>';

/** The top bar's like button (hidden until the player knows the world may be liked). */
export function likeHtml(count: number | null): string {
  return `<button type="button" class="pw-icon pw-like" data-like aria-pressed="false" aria-label="Like" title="Like this world"${count === null ? " hidden" : ""}>${HEART}<span class="pw-like-count">${count ?? 0}</span></button>`;
}

/** The sound toggle (off until the player turns it on) and its volume. */
export function soundHtml(): string {
  return (
    `<span class="pw-sound"><button type="button" class="pw-icon" data-sound aria-pressed="false" aria-label="Sound" title="Sound: off (turn on the scene's ambient sound)">${SOUND_OFF}${SOUND_ON}</button>` +
    `<input type="range" class="pw-volume" data-volume min="0" max="100" step="5" value="60" aria-label="Volume" hidden></span>`
  );
}
