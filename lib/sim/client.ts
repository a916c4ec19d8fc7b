import type { Observation, StepInfo, StepResult } from "./env";
import type { SpaceSpec } from "./spec";

// A typed client of the runner (`npm run worlds -- sim serve`, docs/simulation.md
// "Clients"). It answers in the simulator's own types: an observation over HTTP
// reads exactly like one from `SimEnv` in process (`visible` and `camera` as Uint8Array), so a
// trainer can switch between the two. Uses only `fetch` and `atob`: Node or a browser.

export interface RunnerSpec extends SpaceSpec {
  actionMeanings: string[];
  schemaVersion: string;
}

/** What the runner answered when it refused a request: its status, `code`, `detail` and `errors`. */
export class SimClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: string[] = [],
  ) {
    super(`${status} ${code}: ${detail}${errors.length ? ` (${errors.join("; ")})` : ""}`);
    this.name = "SimClientError";
  }
}

interface WireObservation {
  proximity: [number, number];
  collision: 0 | 1;
  labels: [number, number];
  visible: number[];
  camera?: string;
}

interface WireStep {
  observation: WireObservation;
  reward: number;
  terminated: boolean;
  truncated: boolean;
  info: StepInfo;
}

function fromBase64(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function observationOf(o: WireObservation): Observation {
  const observation: Observation = {
    proximity: o.proximity,
    collision: o.collision,
    labels: o.labels,
    visible: Uint8Array.from(o.visible),
  };
  if (o.camera !== undefined) observation.camera = fromBase64(o.camera);
  return observation;
}

const stepOf = (r: WireStep): StepResult => ({
  observation: observationOf(r.observation),
  reward: r.reward,
  terminated: r.terminated,
  truncated: r.truncated,
  info: r.info,
});

export interface SimClientOptions {
  /** Another fetch (tests, proxies); default the global one. */
  fetch?: typeof fetch;
}

export class SimClient {
  private readonly base: string;
  private readonly fetchFn: typeof fetch;

  constructor(baseUrl: string, options: SimClientOptions = {}) {
    this.base = baseUrl.replace(/\/+$/, "");
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** JSON in and out; a 4xx or 5xx becomes a SimClientError. */
  async call<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
    const res = await this.fetchFn(this.base + path, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      if (res.ok) throw new SimClientError(res.status, "invalid_response", "The runner answered with a body that is not JSON.");
    }
    if (!res.ok)
      throw new SimClientError(
        res.status,
        String(parsed.code ?? "error"),
        String(parsed.detail ?? (text || res.statusText)),
        Array.isArray(parsed.errors) ? parsed.errors.map(String) : [],
      );
    return parsed as T;
  }

  /** `GET /spec`: the observation and action spaces, labels, maxSteps, sensors and rewards. */
  spec(): Promise<RunnerSpec> {
    return this.call<RunnerSpec>("GET", "/spec");
  }

  /**
   * `POST /envs`: a new environment (call `reset` before stepping it). `camera`: pixels a side,
   * 0 for none, absent for the runner's default; `jitter: false`: the agent enters every room
   * exactly at its start pose (scripted paths).
   */
  async createEnv(options: { seed?: number; camera?: number; jitter?: boolean } = {}): Promise<RemoteEnv> {
    const { envId } = await this.call<{ envId: string }>("POST", "/envs", options);
    return new RemoteEnv(this, envId);
  }

  /** `POST /envs/step`: each environment steps once, in one request; results in the order asked. Refused whole when any step is bad. */
  async stepMany(steps: ReadonlyArray<{ env: RemoteEnv | string; action: number }>): Promise<Array<StepResult & { envId: string }>> {
    const body = { steps: steps.map((s) => ({ envId: typeof s.env === "string" ? s.env : s.env.id, action: s.action })) };
    const { results } = await this.call<{ results: Array<WireStep & { envId: string }> }>("POST", "/envs/step", body);
    return results.map((r) => ({ envId: r.envId, ...stepOf(r) }));
  }
}

/** One environment of a runner, with SimEnv's verbs. */
export class RemoteEnv {
  constructor(
    readonly client: SimClient,
    readonly id: string,
  ) {}

  async reset(seed?: number): Promise<{ observation: Observation; info: StepInfo }> {
    const r = await this.client.call<{ observation: WireObservation; info: StepInfo }>(
      "POST",
      `/envs/${encodeURIComponent(this.id)}/reset`,
      seed === undefined ? {} : { seed },
    );
    return { observation: observationOf(r.observation), info: r.info };
  }

  async step(action: number): Promise<StepResult> {
    return stepOf(await this.client.call<WireStep>("POST", `/envs/${encodeURIComponent(this.id)}/step`, { action }));
  }

  /** `DELETE /envs/{id}`: the runner forgets it. */
  async close(): Promise<void> {
    await this.client.call("DELETE", `/envs/${encodeURIComponent(this.id)}`);
  }
}
