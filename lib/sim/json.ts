import type { Observation, StepResult } from "./env";

// Observations and steps as the runner sends them and the exporter writes them.

/** An observation as JSON: typed arrays as lists, the camera as base64. */
export function observationJson(o: Observation): Record<string, unknown> {
  const visible = new Array<number>(o.visible.length);
  for (let i = 0; i < visible.length; i++) visible[i] = o.visible[i]!;
  const out: Record<string, unknown> = { proximity: o.proximity, collision: o.collision, labels: o.labels, visible };
  if (o.camera) out.camera = Buffer.from(o.camera.buffer, o.camera.byteOffset, o.camera.byteLength).toString("base64");
  return out;
}

export const stepJson = (r: StepResult) => ({
  observation: observationJson(r.observation),
  reward: r.reward,
  terminated: r.terminated,
  truncated: r.truncated,
  info: r.info,
});
