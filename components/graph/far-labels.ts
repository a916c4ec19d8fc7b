import { NODE_HEIGHT, NODE_WIDTH } from "./geometry";

/*
 * Where the transitions' names go far out (docs/studio.md, the canvas below 45 % zoom): each name
 * is drawn whole where its box, at 11.5 px on screen, is clear of every state's name (which may
 * reach past its state's box) and of the names already placed; the others wait for a closer
 * zoom. Pure, so it is tested without a browser (far-labels.test.ts).
 */

/** A transition as drawn far out: its path, its name, and where the name would sit on its line. */
export interface FarEdge {
  id: string;
  d: string;
  selected: boolean;
  name: string;
  at: { x: number; y: number };
}

export interface PlacedLabel {
  edge: FarEdge;
  lines: string[];
  at: { x: number; y: number };
}

/** On-screen font size of a far-out transition name, px. */
export const FAR_LABEL_PX = 11.5;
/** On-screen font size of a far-out state name, px (editor.css `.pw-node-far`). */
const FAR_NAME_PX = 12;

/**
 * A transition's name in lines of at most `width` characters (a longer word is a line of its
 * own). With `maxLines`, what does not fit is elided on the last line; without it, never.
 */
export function wrapLabel(name: string, width = 14, maxLines?: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of name.trim().split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (maxLines === undefined || lines.length <= maxLines) return lines;
  return [...lines.slice(0, maxLines - 1), `${lines[maxLines - 1]!.slice(0, width - 1).trimEnd()}…`];
}

/**
 * The ways to write a name, best first: whole in two lines (14 characters wide, then 20), whole
 * in three, and only when none of those finds room, two lines with the rest elided.
 */
export function labelShapes(name: string): string[][] {
  const shapes = [wrapLabel(name, 14), wrapLabel(name, 20), wrapLabel(name, 9)];
  const whole = [...shapes.filter((s) => s.length <= 2), ...shapes.filter((s) => s.length === 3)];
  const seen = new Set<string>();
  return [...whole, wrapLabel(name, 14, 2)].filter((lines) => {
    const key = lines.join("\n");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface ScreenBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
const overlaps = (a: ScreenBox, b: ScreenBox) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
/** An estimate of a line's width at `px` (Geist's average advance is about 0.56 em). */
const textWidth = (text: string, px: number) => text.length * px * 0.56;

/**
 * Where a state's name is on screen far out at zoom `k`: centred on its box, wrapped to the box's
 * width, a word wider than the box reaching past it (the name's background grows with it).
 */
export function nameBox(state: { x: number; y: number; name: string }, k: number): ScreenBox {
  const cx = (state.x + NODE_WIDTH / 2) * k;
  const cy = (state.y + NODE_HEIGHT / 2) * k;
  const room = Math.max(NODE_WIDTH * k - 16, ...state.name.split(" ").map((word) => textWidth(word, FAR_NAME_PX)));
  const full = textWidth(state.name, FAR_NAME_PX);
  const lines = Math.ceil(full / room);
  const w = Math.min(full, room) / 2 + 2;
  const h = (lines * FAR_NAME_PX * 1.1) / 2 + 1;
  return { x0: cx - w, y0: cy - h, x1: cx + w, y1: cy + h };
}

/** The transitions' names that fit far out at zoom `k`, each whole where it finds room (see above). */
export function fittingLabels(labels: FarEdge[], states: { x: number; y: number; name: string }[], k: number): PlacedLabel[] {
  const font = FAR_LABEL_PX;
  // A name may cross a state's box where the name inside is clear: keeping every box clear as
  // well left half of a 6-state world's names waiting at its first view.
  const taken: ScreenBox[] = states.map((s) => nameBox(s, k));
  const kept: PlacedLabel[] = [];
  for (const edge of labels) {
    if (!edge.name) continue;
    // On its line, else just above or below it, in the best shape that finds room.
    const found = labelShapes(edge.name)
      .flatMap((lines) => {
        const w = Math.max(...lines.map((l) => textWidth(l, font))) / 2 + 2;
        const h = (lines.length * font * 1.15) / 2 + 1;
        return [0, -1, 1, -2, 2].map((step) => {
          const cx = edge.at.x * k;
          const cy = edge.at.y * k + step * (h + 3);
          return { lines, dy: step * (h + 3), box: { x0: cx - w, y0: cy - h, x1: cx + w, y1: cy + h } };
        });
      })
      .find((c) => !taken.some((t) => overlaps(t, c.box)));
    if (!found) continue;
    taken.push(found.box);
    kept.push({ edge, lines: found.lines, at: { x: edge.at.x, y: edge.at.y + found.dy / k } });
  }
  return kept;
}
