/** The canvas's plain geometry, shared by the layouts, the routes and the fit. */

export interface XY {
  x: number;
  y: number;
}
export type Positions = Map<string, XY>;

/** Every state node has this size (fixed, so edges and the minimap never wait for measuring). */
export const NODE_WIDTH = 232;
export const NODE_HEIGHT = 148;
