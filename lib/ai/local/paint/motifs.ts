import { BEING_MOTIFS } from "./motifs-beings";
import { BUILT_MOTIFS } from "./motifs-built";
import { KIND_MOTIFS } from "./motifs-kinds";
import { LAND_MOTIFS } from "./motifs-land";
import { NATURAL_MOTIFS } from "./motifs-natural";
import { THING_MOTIFS } from "./motifs-things";
import { VESSEL_MOTIFS } from "./motifs-vessels";
import type { Motif } from "./types";

/** Every motif the local painter can draw, by id. */
export const MOTIFS: ReadonlyMap<string, Motif> = new Map(
  [...LAND_MOTIFS, ...BUILT_MOTIFS, ...VESSEL_MOTIFS, ...NATURAL_MOTIFS, ...THING_MOTIFS, ...BEING_MOTIFS, ...KIND_MOTIFS].map((m) => [
    m.id,
    m,
  ]),
);

export function getMotif(id: string): Motif {
  const motif = MOTIFS.get(id);
  if (!motif) throw new Error(`unknown motif ${id}`);
  return motif;
}
