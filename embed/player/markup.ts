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
