/** What the My Creations page hands its client parts (serializable props). */

export interface CreationCard {
  id: string;
  /** A world, or a character (a world subtype: a stance graph and a brain). */
  kind: "world" | "character";
  name: string;
  description: string;
  cover: string;
  visibility: "private" | "unlisted" | "public";
  /** Who authored the graph (the World resource's `source`): `local` is the offline provider. */
  source: string;
  appId: string;
  appName: string;
  createdAt: string;
  updatedAt: string;
}

/** The kind filter of My Creations (`?kind=`): both when empty. */
export type CreationKindFilter = "" | "world" | "character";

export interface AppOption {
  id: string;
  name: string;
}

/** The API's rules for POST /v1/worlds, read by the page from the request schema (never restated here). */
export interface CreateWorldLimits {
  premiseMax: number;
  textMax: number;
  povMax: number;
  defaultPov: string;
  /** The largest image whose base64 still fits in the request body. */
  imageMaxBytes: number;
}
