// The picture stage of both embed pages (the world player and the character page): one
// `.pw-layer` per picture, crossfaded in once its image is decoded; a newer paint wins.

/** How long a crossfade takes (the `.pw-layer` transition in embed/page/styles.ts). */
export const TRANSITION_MS = 700;
/** The longest wait for an image to decode before it is shown anyway. */
const IMAGE_WAIT_MS = 1200;

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** The element `selector` names in a server-rendered skeleton; its absence is a bug. */
export function must<T extends HTMLElement>(root: HTMLElement, selector: string): T {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`embed skeleton is missing ${selector}`);
  return el;
}

export class Stage {
  private seq = 0;
  private readonly reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  constructor(readonly el: HTMLElement) {}

  get reduced(): boolean {
    return this.reducedMotion.matches;
  }

  /**
   * Shows the layer `html` draws (tinted by `hue` when it is a placeholder): the first frame at
   * once, later ones as a crossfade; older layers are removed when it has settled.
   */
  async paint(html: string, hue: number, first: boolean, onLayer?: (layer: HTMLElement) => void): Promise<void> {
    const seq = ++this.seq;
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const layer = holder.firstElementChild as HTMLElement;
    layer.style.setProperty("--h", String(hue));
    this.el.append(layer);
    const img = layer instanceof HTMLImageElement ? layer : layer.querySelector("img");
    if (img) await Promise.race([img.decode().catch(() => undefined), wait(IMAGE_WAIT_MS)]);
    if (seq !== this.seq) return layer.remove();
    onLayer?.(layer);
    if (first) layer.style.transition = "none";
    else await frame();
    for (const old of this.el.querySelectorAll(".pw-layer.on")) old.classList.remove("on");
    layer.classList.add("on");
    if (first) {
      performance.mark("pw:first-frame");
      void layer.offsetWidth; // commit the un-transitioned style before transitions come back
      layer.style.transition = "";
    }
    await wait(first || this.reduced ? 0 : TRANSITION_MS + 50);
    if (seq !== this.seq) return;
    for (const el of Array.from(this.el.children)) if (el !== layer) el.remove();
  }
}
