import type { WorldRef, WorldResource } from "@/components/api/worlds";

// The API's limits (lib/worlds/requests.ts ZUpdateWorldBody); the server checks them again.
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const COVER_MAX = 2000;
export const SUBJECT_MAX = 2000;

/** What every section of a world's settings receives. */
export interface SectionProps {
  world: WorldRef;
  /** The World resource as the query cache holds it. */
  current: WorldResource;
  /** Reads the world again (a 412's Reload). */
  onReload: () => void;
  reloading: boolean;
}
