import type { Campaign, CampaignChapter } from "@/components/api/types";

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
  /** When the creator last edited it; a play never moves it (lib/worlds/creations.ts). */
  editedAt: string;
}

/**
 * A campaign on My Creations: one card for the book and its chapter worlds (live only). The
 * campaign resource's own fields (components/api/types.ts), with the card's app and cover.
 */
export type CampaignCard = Pick<Campaign, "id" | "name" | "status" | "actsDone" | "actsTotal" | "createdAt" | "updatedAt"> & {
  kind: "campaign";
  chapters: Pick<CampaignChapter, "index" | "title" | "status" | "worldId">[];
  /** The first authored chapter's cover, else the protagonist reference, else "". */
  cover: string;
  appId: string;
  appName: string;
};

/** The kind filter of My Creations (`?kind=`): all when empty. */
export type CreationKindFilter = "" | "world" | "character" | "campaign";

export interface AppOption {
  id: string;
  name: string;
}

/** The API's rules for POST /v1/worlds, read by the page from the request schema (never restated here). */
export interface CreateWorldLimits {
  premiseMax: number;
  textMax: number;
  defaultPov: string;
  /** The largest image whose base64 still fits in the request body. */
  imageMaxBytes: number;
  /** POST /v1/campaigns: the book's length limit and the `target_acts` range. */
  bookMax: number;
  minActs: number;
  maxActs: number;
}
