/** The events of the batch job (lib/scenarios/function.ts). */
export const SCENARIO_BATCH_REQUESTED = "scenarios/batch.requested";
/** Sent by a cancel: ends the run (`cancelOn`); the job also reads the batch's status before each clip. */
export const SCENARIO_BATCH_CANCELLED = "scenarios/batch.cancelled";
