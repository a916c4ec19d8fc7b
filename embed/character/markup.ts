// HTML fragments of the character page, shared by the server (first paint of a shareable
// character) and the browser (every later turn), so both draw the same thing. Every dynamic
// value goes through `esc`.
import { esc, layerHtml } from "@/embed/player/markup";
import type { StanceView } from "./model";

export { esc };

const SPEAKER =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round"><path d="M11 5 6 9H3v6h3l5 4z"/><path d="M15.5 8.5a5 5 0 0 1 0 7"/><path d="M18.5 5.5a9 9 0 0 1 0 13"/></svg>';
export const SEND_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M5 12h13"/><path d="m12 5 7 7-7 7"/></svg>';
const SPARK =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 2.5l2.1 6.4 6.4 2.1-6.4 2.1L12 19.5l-2.1-6.4L3.5 11l6.4-2.1z"/></svg>';

/** One picture layer of the stage: the stance's picture, or its gradient placeholder. */
export function stanceLayerHtml(view: StanceView, name: string, on: boolean, id?: string): string {
  return layerHtml({ image: view.image, label: `${name}, ${view.label.toLowerCase()}` }, on, id);
}

/** The caption over the picture: the stance's label and what the face shows. */
export function stanceHtml(view: StanceView): string {
  return `<p class="pw-kicker">${esc(view.label)}</p>` + (view.expression ? `<p class="pc-expr">${esc(view.expression)}</p>` : "");
}

export interface LineView {
  who: "user" | "character" | "system";
  text: string;
  /** Character lines: the stance label the line was said in. */
  mood?: string;
  /** Character lines: offer a speak button. */
  speak?: boolean;
  /** System lines of `show_image`: a safe picture URL. */
  image?: string | null;
}

/** One line of the conversation, as an `<li>` of the log. `name` is the character's. */
export function lineHtml(line: LineView, name: string): string {
  if (line.who === "system") {
    const picture = line.image ? `<img class="pc-shown" src="${esc(line.image)}" alt="${esc(line.text)}">` : "";
    return `<li class="pc-line pc-system">${SPARK}<span>${esc(line.text)}</span>${picture}</li>`;
  }
  const who = line.who === "user" ? "You" : name;
  const mood = line.mood ? `<span class="pc-mood">${esc(line.mood)}</span>` : "";
  const speak = line.speak
    ? `<button type="button" class="pc-speak" data-speak aria-label="Speak this line aloud" title="Speak">${SPEAKER}</button>`
    : "";
  return (
    `<li class="pc-line pc-${line.who}">` +
    `<p class="pc-who"><span>${esc(who)}</span>${mood}</p>` +
    `<div class="pc-bubble"><p class="pc-text">${esc(line.text)}</p>${speak}</div>` +
    `</li>`
  );
}
