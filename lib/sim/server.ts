import http from "node:http";
import { z } from "zod";
import { SimEnv, SimError, type StepResult } from "./env";
import { observationJson, stepJson } from "./json";
import type { SimWorld } from "./room";
import { ACTIONS, SIM, describeSpaces } from "./spec";

// The self-hosted runner (docs/simulation.md): a plain
// node:http server over one world, holding many environments. JSON in and out; every error is
// `{detail, code, errors?}` with its 4xx status, and the runner keeps serving.

export interface SimServerOptions {
  sim: SimWorld;
  /** Default camera size of new environments (0: none). */
  camera: number;
  /** At most this many live environments (default 1024). */
  maxEnvs?: number;
}

const SCHEMA_VERSION = "1.0";
const MAX_BODY = 1 << 20;
const ZSeed = z
  .number()
  .int()
  .min(0)
  .max(2 ** 32 - 1);
const ZAction = z
  .number()
  .int()
  .min(0)
  .max(ACTIONS.length - 1);
const ZCamera = z.union([z.literal(0), z.number().int().min(SIM.minCamera).max(SIM.maxCamera)]);
export const ZCreateEnvBody = z.strictObject({ seed: ZSeed.optional(), camera: ZCamera.optional(), jitter: z.boolean().optional() });
export const ZResetBody = z.strictObject({ seed: ZSeed.optional() });
export const ZStepBody = z.strictObject({ action: ZAction });
export const ZBatchStepBody = z.strictObject({
  steps: z
    .array(z.strictObject({ envId: z.string().min(1).max(100), action: ZAction }))
    .min(1)
    .max(1024),
});

type Code = "invalid_request" | "not_found" | "method_not_allowed" | "conflict" | "payload_too_large";
const STATUS: Record<Code, number> = {
  invalid_request: 400,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
};

class HttpError extends Error {
  constructor(
    readonly code: Code,
    readonly detail: string,
    readonly errors?: string[],
  ) {
    super(detail);
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`);
  throw new HttpError("invalid_request", "The request body is not valid.", errors);
}

function readJson(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on("error", reject);
    req.on("end", () => {
      if (size > MAX_BODY) return reject(new HttpError("payload_too_large", `The body is larger than ${MAX_BODY} bytes.`));
      const text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString("utf8").trim();
      if (text === "") return resolve({});
      try {
        resolve(JSON.parse(text) as unknown);
      } catch {
        reject(new HttpError("invalid_request", "The body is not valid JSON.", ["(body): malformed JSON"]));
      }
    });
  });
}

export function createSimServer(options: SimServerOptions): http.Server {
  const { sim } = options;
  const maxEnvs = options.maxEnvs ?? 1024;
  const envs = new Map<string, SimEnv>();
  let nextId = 1;
  const spec = { ...describeSpaces(sim.labels, sim.maxSteps, options.camera), actionMeanings: [...ACTIONS] };

  const envOf = (id: string): SimEnv => {
    const env = envs.get(id);
    if (!env) throw new HttpError("not_found", `Environment ${JSON.stringify(id)} not found.`);
    return env;
  };
  const step = (env: SimEnv, action: number): StepResult => {
    try {
      return env.step(action);
    } catch (error) {
      if (error instanceof SimError) throw new HttpError("conflict", error.message);
      throw error;
    }
  };

  async function handle(req: http.IncomingMessage): Promise<{ status: number; body: unknown }> {
    // The path alone (no query string); cheaper than a URL object on every step.
    const raw = req.url ?? "/";
    const q = raw.indexOf("?");
    const pathname = q < 0 ? raw : raw.slice(0, q);
    const parts = pathname.split("/").filter(Boolean);
    const method = req.method ?? "GET";
    const allow = (...methods: string[]) => {
      if (!methods.includes(method))
        throw new HttpError("method_not_allowed", `${method} is not allowed here; use ${methods.join(" or ")}.`);
    };
    if (parts.length === 1 && parts[0] === "spec") {
      allow("GET");
      return { status: 200, body: { ...spec } };
    }
    if (parts[0] !== "envs" || parts.length > 3) throw new HttpError("not_found", `No route ${pathname}.`);
    if (parts.length === 1) {
      allow("POST");
      const body = parse(ZCreateEnvBody, await readJson(req));
      if (envs.size >= maxEnvs) throw new HttpError("conflict", `This runner holds ${maxEnvs} environments already; DELETE some first.`);
      const envId = `env_${nextId++}`;
      envs.set(envId, new SimEnv(sim, { seed: body.seed ?? 0, camera: body.camera ?? options.camera, jitter: body.jitter }));
      return { status: 201, body: { envId } };
    }
    if (parts.length === 2 && parts[1] === "step") {
      allow("POST");
      const { steps } = parse(ZBatchStepBody, await readJson(req));
      if (new Set(steps.map((s) => s.envId)).size !== steps.length)
        throw new HttpError("invalid_request", "Each environment may appear once in a batch.", ["steps: duplicate envId"]);
      // Check every environment before stepping any, so that a bad batch changes nothing.
      const batch = steps.map((s) => ({ env: envOf(s.envId), ...s }));
      for (const b of batch)
        if (b.env.isDone || !b.env.isStarted) throw new HttpError("conflict", `Environment ${b.envId} needs a reset before it can step.`);
      return { status: 200, body: { results: batch.map((b) => ({ envId: b.envId, ...stepJson(step(b.env, b.action)) })) } };
    }
    const env = envOf(parts[1]!);
    if (parts.length === 2) {
      allow("DELETE");
      envs.delete(parts[1]!);
      return { status: 200, body: { ok: true, envId: parts[1] } };
    }
    if (parts[2] === "reset") {
      allow("POST");
      const { seed } = parse(ZResetBody, await readJson(req));
      const r = env.reset(seed);
      return { status: 200, body: { observation: observationJson(r.observation), info: r.info } };
    }
    if (parts[2] === "step") {
      allow("POST");
      const { action } = parse(ZStepBody, await readJson(req));
      return { status: 200, body: stepJson(step(env, action)) };
    }
    throw new HttpError("not_found", `No route ${pathname}.`);
  }

  return http.createServer((req, res) => {
    handle(req)
      .catch((error: unknown) => {
        if (error instanceof HttpError)
          return {
            status: STATUS[error.code],
            body: { detail: error.detail, code: error.code, ...(error.errors ? { errors: error.errors } : {}) },
          };
        console.error(error);
        return { status: 500, body: { detail: "The runner failed on this request.", code: "internal_error" } };
      })
      .then(({ status, body }) => {
        (body as Record<string, unknown>).schemaVersion = SCHEMA_VERSION;
        const text = JSON.stringify(body);
        res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) }).end(text);
      });
  });
}
