import fs from "node:fs";
import path from "node:path";
import { SimEnv, type StepResult } from "./env";
import { writeNpz, type NpyDtype } from "./npz";
import { createPolicy, type PolicyName } from "./policy";
import type { SimWorld } from "./room";
import { observationJson } from "./json";

// The dataset exporter: episodes rolled out with a policy, streamed to `episodes.jsonl` (one
// line a step) and to one column file per array, then zipped into `dataset.npz`. Row t holds
// the observation the agent acted from, the action, and what that action brought (reward,
// terminated, truncated): the D4RL convention. Memory holds one buffer per column, never the
// dataset. The same world, options and seed give the same bytes.

export interface ExportOptions {
  sim: SimWorld;
  episodes: number;
  policy: PolicyName;
  /** Camera size, 0 for none. */
  camera: number;
  seed: number;
  out: string;
}

export interface ExportResult {
  episodes: number;
  steps: number;
  files: string[];
}

const ROWS = 4096;

/** One array of the NPZ, written to disk a buffer at a time. */
class Column {
  readonly file: string;
  private readonly fd: number;
  private readonly buf: Buffer;
  private at = 0;
  constructor(
    dir: string,
    readonly name: string,
    readonly dtype: NpyDtype,
    readonly rowShape: readonly number[],
    rowBytes: number,
  ) {
    this.file = path.join(dir, `${name}.bin`);
    this.fd = fs.openSync(this.file, "w");
    this.buf = Buffer.alloc(Math.max(1, rowBytes) * ROWS);
  }
  /** Room for `n` more bytes, flushing first when needed. */
  reserve(n: number): number {
    if (this.at + n > this.buf.length) this.flush();
    const at = this.at;
    this.at += n;
    return at;
  }
  get buffer(): Buffer {
    return this.buf;
  }
  flush(): void {
    if (this.at > 0) fs.writeSync(this.fd, this.buf, 0, this.at);
    this.at = 0;
  }
  close(): void {
    this.flush();
    fs.closeSync(this.fd);
  }
}

export function exportDataset(options: ExportOptions): ExportResult {
  const { sim, camera } = options;
  const k = sim.labels.length;
  fs.mkdirSync(options.out, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(options.out, ".export-"));
  const jsonlPath = path.join(options.out, "episodes.jsonl");
  const npzPath = path.join(options.out, "dataset.npz");
  const jsonl = fs.openSync(jsonlPath, "w");
  const c = {
    proximity: new Column(tmp, "proximity", "<f4", [2], 8),
    collision: new Column(tmp, "collision", "|u1", [], 1),
    labels: new Column(tmp, "labels", "<i2", [2], 4),
    visible: new Column(tmp, "visible", "|u1", [k], k),
    ...(camera > 0 ? { camera: new Column(tmp, "camera", "|u1", [camera, camera, 3], camera * camera * 3) } : {}),
    actions: new Column(tmp, "actions", "<i8", [], 8),
    rewards: new Column(tmp, "rewards", "<f4", [], 4),
    terminations: new Column(tmp, "terminations", "|b1", [], 1),
    truncations: new Column(tmp, "truncations", "|b1", [], 1),
    episode: new Column(tmp, "episode", "<i4", [], 4),
  };
  let lines: string[] = [];
  let steps = 0;
  try {
    const env = new SimEnv(sim, { seed: options.seed, camera });
    const policy = createPolicy(options.policy, options.seed);
    let last: StepResult | null = null;
    for (let episode = 0; episode < options.episodes; episode++) {
      let { observation, info } = episode === 0 ? env.reset(options.seed) : env.reset();
      for (let step = 0; ; step++) {
        const action = policy.act(env, last);
        const r = env.step(action);
        lines.push(
          JSON.stringify({
            episode,
            step,
            observation: observationJson(observation),
            action,
            reward: r.reward,
            terminated: r.terminated,
            truncated: r.truncated,
            state: info.state,
          }),
        );
        if (lines.length >= 1024) {
          fs.writeSync(jsonl, lines.join("\n") + "\n");
          lines = [];
        }
        let at = c.proximity.reserve(8);
        c.proximity.buffer.writeFloatLE(observation.proximity[0], at);
        c.proximity.buffer.writeFloatLE(observation.proximity[1], at + 4);
        c.collision.buffer[c.collision.reserve(1)] = observation.collision;
        at = c.labels.reserve(4);
        c.labels.buffer.writeInt16LE(observation.labels[0], at);
        c.labels.buffer.writeInt16LE(observation.labels[1], at + 2);
        c.visible.buffer.set(observation.visible, c.visible.reserve(k));
        if (c.camera && observation.camera) c.camera.buffer.set(observation.camera, c.camera.reserve(observation.camera.length));
        c.actions.buffer.writeBigInt64LE(BigInt(action), c.actions.reserve(8));
        c.rewards.buffer.writeFloatLE(r.reward, c.rewards.reserve(4));
        c.terminations.buffer[c.terminations.reserve(1)] = r.terminated ? 1 : 0;
        c.truncations.buffer[c.truncations.reserve(1)] = r.truncated ? 1 : 0;
        c.episode.buffer.writeInt32LE(episode, c.episode.reserve(4));
        steps++;
        last = r;
        observation = r.observation;
        info = r.info;
        if (r.terminated || r.truncated) break;
      }
    }
    if (lines.length > 0) fs.writeSync(jsonl, lines.join("\n") + "\n");
    const columns = Object.values(c);
    for (const col of columns) col.close();
    writeNpz(
      npzPath,
      columns.map((col) => ({ name: col.name, dtype: col.dtype, shape: [steps, ...col.rowShape], dataFile: col.file })),
    );
  } finally {
    fs.closeSync(jsonl);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return { episodes: options.episodes, steps, files: [jsonlPath, npzPath] };
}
