/*
 * Whether a world was made by the embedded offline provider, read from the World resource's
 * `source` (the provider that authored it: mock, local, openai-compatible; or import, fork).
 * Plain module, so server components (My Creations' cards) read it too.
 */

/** The `source` of a world the offline (`local`) provider wrote and painted. */
export const OFFLINE_SOURCE = "local";

export const isOfflineWorld = (source: string | undefined): boolean => source === OFFLINE_SOURCE;

export const OFFLINE_LABEL = "Written and painted offline";
export const OFFLINE_NOTICE = `${OFFLINE_LABEL}.`;
export const CONNECT_MODEL = "Connect a model for AI rendering";
