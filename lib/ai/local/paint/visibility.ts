import { rasterizeSvgPixels } from "../../raster";

/** Width the visibility masks are drawn at: a quarter of a 1280-wide frame. */
const MASK_WIDTH = 320;

/**
 * How much of each object can be seen in the finished frame: each object is drawn alone at a
 * small size, and the share of its pixels that no nearer object covers is its visibility (0..1,
 * two decimals). `objectSvgs` are in drawing order, farthest first, so every later object is
 * nearer. Weather and light overlays (rain, the lighthouse's beam, the water over sunk things)
 * are not objects and do not count as cover.
 */
export function measureVisibility(objectSvgs: readonly string[]): number[] {
  const masks = objectSvgs.map((svg) => {
    const { pixels } = rasterizeSvgPixels(svg, MASK_WIDTH);
    const mask = new Uint8Array(pixels.length / 4);
    for (let i = 0; i < mask.length; i++) mask[i] = (pixels[i * 4 + 3] as number) > 127 ? 1 : 0;
    return mask;
  });
  const covered = new Uint8Array(masks[0]?.length ?? 0);
  const visible: number[] = new Array<number>(masks.length).fill(0);
  for (let k = masks.length - 1; k >= 0; k--) {
    const mask = masks[k]!;
    let own = 0;
    let seen = 0;
    for (let i = 0; i < mask.length; i++) {
      if (mask[i] === 1) {
        own++;
        if (covered[i] === 0) seen++;
        covered[i] = 1;
      }
    }
    visible[k] = own === 0 ? 0 : Math.round((seen / own) * 100) / 100;
  }
  return visible;
}
