import type { Slots } from "./schema";

// A placeholder is `{name}` with an identifier-like name. Any other brace text is literal
// prose, so a premise that happens to contain `{ }` or JSON is never misread as a template.
const SLOT_RE = /\{([A-Za-z_][A-Za-z0-9_-]*)\}/g;

export interface SlotUse {
  slot: string;
  /** Offset of the `{` in the template. */
  index: number;
}

const NO_SLOTS: readonly SlotUse[] = Object.freeze([]);

// [A-Za-z_] and [A-Za-z0-9_-], by char code: the scan below runs on every prose field.
const isSlotStart = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isSlotPart = (c: number): boolean => isSlotStart(c) || (c >= 48 && c <= 57) || c === 45;

/**
 * Every placeholder in a prose field, in order (same matches as SLOT_RE). A hand-rolled
 * indexOf scan: it skips plain prose at memchr speed, which the gate needs on 2 MB worlds.
 */
export function findSlots(text: string): readonly SlotUse[] {
  let open = text.indexOf("{");
  if (open === -1) return NO_SLOTS;
  const out: SlotUse[] = [];
  const len = text.length;
  while (open !== -1) {
    let j = open + 1;
    if (j < len && isSlotStart(text.charCodeAt(j))) {
      j++;
      while (j < len && isSlotPart(text.charCodeAt(j))) j++;
      if (j < len && text.charCodeAt(j) === 125) {
        out.push({ slot: text.slice(open + 1, j), index: open });
        open = text.indexOf("{", j + 1);
        continue;
      }
    }
    open = text.indexOf("{", open + 1);
  }
  return out;
}

/** The fill a slot resolves to in the given scopes (innermost first), if any. */
export function findFill(slot: string, scopes: readonly (Slots | undefined)[]): string | undefined {
  for (const scope of scopes) {
    if (scope !== undefined && Object.prototype.hasOwnProperty.call(scope, slot)) return scope[slot];
  }
  return undefined;
}

/**
 * Renders a template against fill scopes, innermost first (state slots, then world slots).
 * Fills are literal: a `{x}` inside a fill is not expanded again. Unfilled slots stay as written.
 */
export function fillTemplate(text: string, ...scopes: (Slots | undefined)[]): string {
  if (text.indexOf("{") === -1) return text;
  return text.replace(SLOT_RE, (whole, slot: string) => findFill(slot, scopes) ?? whole);
}
