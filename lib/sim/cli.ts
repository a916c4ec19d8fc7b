import fs from "node:fs";
import { parseArgs } from "node:util";
import { z } from "zod";
import { checkWorld, type World } from "@/lib/kernel";
import { exportDataset } from "./export";
import { POLICIES } from "./policy";
import { buildSimWorld } from "./room";
import { createSimServer } from "./server";
import { SIM } from "./spec";

// `npm run worlds -- sim serve | sim export`: the runner and the exporter, over a world read
// from a file or fetched from the API with a key. No database: these run next to a trainer.

export const SIM_HELP = `  sim serve --world <worldId | file.json> [--port N] [--camera SIZE] [--max-steps N]
      Serve the world as training environments over HTTP (docs/simulation.md): GET /spec,
      POST /envs, /envs/{id}/reset, /envs/{id}/step, /envs/step (a batch), DELETE /envs/{id}.
      Prints one JSON line {"url", ...} when listening. A world id is fetched with
      --base-url URL (default http://localhost:3000) and --key sk_….
  sim export --world <…> --episodes N [--policy random|explore] [--camera SIZE] [--seed S]
             [--max-steps N] --out DIR
      Roll out N episodes and write DIR/episodes.jsonl and DIR/dataset.npz (same seed, same bytes).`;

const OPTIONS = {
  world: { type: "string" },
  port: { type: "string" },
  camera: { type: "string" },
  episodes: { type: "string" },
  policy: { type: "string" },
  seed: { type: "string" },
  out: { type: "string" },
  "base-url": { type: "string" },
  key: { type: "string" },
  "max-steps": { type: "string" },
  host: { type: "string" },
  help: { type: "boolean", short: "h", default: false },
  json: { type: "boolean", default: false },
} as const;

const ZCamera = z.coerce
  .number()
  .int()
  .refine((n) => n === 0 || (n >= SIM.minCamera && n <= SIM.maxCamera), `0 or ${SIM.minCamera}..${SIM.maxCamera}`);
const ZCommon = z.object({
  world: z.string().min(1),
  camera: ZCamera.default(0),
  baseUrl: z.url().default("http://localhost:3000"),
  key: z.string().min(1).optional(),
  maxSteps: z.coerce.number().int().min(1).max(1_000_000).default(SIM.maxSteps),
});
const ZServe = ZCommon.extend({
  port: z.coerce.number().int().min(0).max(65535).default(8765),
  host: z.string().min(1).default("127.0.0.1"),
});
const ZExport = ZCommon.extend({
  episodes: z.coerce.number().int().min(1).max(10_000_000),
  policy: z.enum(POLICIES).default("random"),
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .default(0),
  out: z.string().min(1),
});

export class SimCliError extends Error {}

/** The world of `--world`: a JSON file, or a world id fetched from the API; it must pass the gate. */
export async function loadWorld(ref: string, baseUrl: string, key: string | undefined): Promise<World> {
  let raw: unknown;
  if (ref.endsWith(".json") || fs.existsSync(ref)) {
    try {
      raw = JSON.parse(fs.readFileSync(ref, "utf8"));
    } catch (error) {
      throw new SimCliError(`Cannot read the world file ${ref}: ${(error as Error).message}`);
    }
    // An exported world resource ({world: …}) reads like the bare world.
    if (raw && typeof raw === "object" && "world" in raw && typeof (raw as { world: unknown }).world === "object")
      raw = (raw as { world: unknown }).world;
  } else {
    if (!key) throw new SimCliError("A world id needs --key (a secret key of the app that owns it); or pass a world file.");
    const url = `${baseUrl.replace(/\/$/, "")}/v1/worlds/${encodeURIComponent(ref)}`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } }).catch((error: unknown) => {
      throw new SimCliError(`Cannot reach ${url}: ${String(error)}`);
    });
    const body = (await res.json().catch(() => ({}))) as { world?: unknown; detail?: string };
    if (!res.ok) throw new SimCliError(`GET ${url}: ${res.status} ${body.detail ?? ""}`.trim());
    raw = body.world;
  }
  const checked = checkWorld(raw, { stateDefaults: true });
  if (!checked.ok || !checked.world) {
    const findings = [
      ...checked.errors,
      ...checked.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.path}: ${d.message}`),
    ];
    throw new SimCliError(`The world fails the gate (validation_failed):\n  ${[...new Set(findings)].slice(0, 20).join("\n  ")}`);
  }
  return checked.world;
}

function options<T>(schema: z.ZodType<T>, values: Record<string, unknown>, command: string): T {
  const parsed = schema.safeParse(values);
  if (!parsed.success)
    throw new SimCliError(
      `Invalid options for ${command}:\n${parsed.error.issues.map((i) => `  --${String(i.path[0])}: ${i.message}`).join("\n")}`,
    );
  return parsed.data;
}

/** Runs `sim …` (argv after "sim"); resolves with the exit code once done (serve: once closed). */
export async function runSimCli(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  const command = positionals.join(" ");
  if (values.help || (command !== "serve" && command !== "export")) {
    console.log(`Usage:\n${SIM_HELP}`);
    return values.help ? 0 : 2;
  }
  const given = Object.fromEntries(
    Object.entries({
      world: values.world,
      port: values.port,
      camera: values.camera,
      episodes: values.episodes,
      policy: values.policy,
      seed: values.seed,
      out: values.out,
      baseUrl: values["base-url"],
      key: values.key,
      maxSteps: values["max-steps"],
      host: values.host,
    }).filter(([, v]) => v !== undefined),
  );
  if (command === "export") {
    const o = options(ZExport, given, "sim export");
    const sim = buildSimWorld(await loadWorld(o.world, o.baseUrl, o.key), { maxSteps: o.maxSteps });
    const result = exportDataset({ sim, episodes: o.episodes, policy: o.policy, camera: o.camera, seed: o.seed, out: o.out });
    console.log(JSON.stringify({ ...result, labels: sim.labels }));
    return 0;
  }
  const o = options(ZServe, given, "sim serve");
  const sim = buildSimWorld(await loadWorld(o.world, o.baseUrl, o.key), { maxSteps: o.maxSteps });
  const server = createSimServer({ sim, camera: o.camera });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(o.port, o.host, resolve));
  const { port } = server.address() as { port: number };
  console.log(
    JSON.stringify({
      url: `http://${o.host}:${port}`,
      world: sim.world.id,
      states: sim.rooms.size,
      labels: sim.labels.length,
      camera: o.camera,
      maxSteps: sim.maxSteps,
    }),
  );
  return new Promise<number>((resolve) => {
    const stop = () => {
      server.close(() => resolve(0));
      server.closeAllConnections();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
