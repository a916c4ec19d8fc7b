import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { hashString } from "@/lib/kernel";
import type { SpeechInput, SpeechResult } from "../provider";
import { DEFAULT_VOICE } from "../speech";

/**
 * The `local` provider's voice: eSpeak NG (the `espeak-ng` npm package, GPL-3.0-or-later: the
 * synthesizer compiled to WebAssembly with its English voice data inside the .wasm). Offline, no
 * native code; it runs as the `localSpeak` task of the CPU worker pool. The package is the
 * `espeak-ng` command line: each utterance is one run of its `main` on a fresh instance of the
 * module (compiled once per thread), the text read from a file in its in-memory file system (so
 * text that looks like an option is spoken, never parsed) and the WAV read back from it.
 * The same text and voice give the same timing; the breathy variants (`+f2` …) mix in noise
 * that eSpeak seeds from the clock, so their bytes vary.
 */

/** Text longer than this is cut at a word boundary (about 40 s of speech). */
export const MAX_LOCAL_CHARS = 600;

/** The voices a voice id is mapped to: a base voice, a variant, a pitch (0–99) and words per minute. */
const VOICES = [
  { voice: "en-us", pitch: 50, speed: 165 },
  { voice: "en-us+f2", pitch: 55, speed: 160 },
  { voice: "en-gb+m3", pitch: 40, speed: 155 },
  { voice: "en-gb+f3", pitch: 60, speed: 170 },
  { voice: "en-us+m7", pitch: 35, speed: 150 },
  { voice: "en-gb+f4", pitch: 65, speed: 165 },
  { voice: "en-us+m2", pitch: 45, speed: 175 },
  { voice: "en-gb", pitch: 50, speed: 160 },
] as const;

interface EspeakModule {
  FS: { readFile(path: string): Uint8Array; writeFile(path: string, data: string): void };
}
type EspeakFactory = (options: Record<string, unknown>) => Promise<EspeakModule>;

let compiled: Promise<{ factory: EspeakFactory; wasm: WebAssembly.Module }> | undefined;

function packageDir(name: string): string {
  const require = createRequire(path.join(process.cwd(), "package.json"));
  return path.dirname(require.resolve(`${name}/package.json`));
}

/** The module's JS and its compiled wasm, once per thread; a failed load is retried next time. */
function loadEspeak(): Promise<{ factory: EspeakFactory; wasm: WebAssembly.Module }> {
  compiled ??= (async () => {
    const dist = path.join(packageDir("espeak-ng"), "dist");
    const { default: factory } = (await import("espeak-ng")) as { default: EspeakFactory };
    const wasm = await WebAssembly.compile(fs.readFileSync(path.join(dist, "espeak-ng.wasm")));
    return { factory, wasm };
  })().catch((error: unknown) => {
    compiled = undefined;
    throw error;
  });
  return compiled;
}

/** The text as spoken: control characters out, at most MAX_LOCAL_CHARS, cut at a word boundary. */
export function speakableText(text: string): string {
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, " ").trim();
  if (clean.length <= MAX_LOCAL_CHARS) return clean;
  const cut = clean.slice(0, MAX_LOCAL_CHARS);
  const space = cut.lastIndexOf(" ");
  return space > MAX_LOCAL_CHARS / 2 ? cut.slice(0, space) : cut;
}

/** The espeak voice settings of a voice id (a hash of the id picks one of VOICES). */
export function espeakVoice(voiceId: string): (typeof VOICES)[number] {
  return VOICES[hashString(`local-voice-v2|${voiceId}`) % VOICES.length]!;
}

/** One utterance as 16-bit mono WAV bytes at 22,050 Hz (eSpeak's own rate). */
export async function espeakWav(text: string, voiceId: string): Promise<Uint8Array> {
  const { factory, wasm } = await loadEspeak();
  const settings = espeakVoice(voiceId);
  const errors: string[] = [];
  let exitStatus = 0;
  const espeak = await factory({
    arguments: ["-v", settings.voice, "-p", String(settings.pitch), "-s", String(settings.speed), "-w", "/out.wav", "-f", "/in.txt"],
    preRun: [(m: EspeakModule) => m.FS.writeFile("/in.txt", text === "" ? " " : text)],
    instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => {
      void WebAssembly.instantiate(wasm, imports).then(done);
      return {};
    },
    print: () => {},
    printErr: (line: string) => errors.push(line),
    // The command's exit: recorded, never written to this process's exit code.
    quit: (status: number, toThrow: unknown) => {
      exitStatus = status;
      throw toThrow;
    },
  });
  if (exitStatus !== 0) throw new Error(`espeak-ng failed (exit ${exitStatus}): ${errors.join("; ").slice(0, 200)}`);
  let wav: Uint8Array;
  try {
    wav = espeak.FS.readFile("/out.wav");
  } catch {
    throw new Error(`espeak-ng wrote no audio${errors.length > 0 ? `: ${errors.join("; ").slice(0, 200)}` : ""}`);
  }
  return wav;
}

/** The `local` voice: eSpeak NG speaking the text with the voice its id maps to. */
export async function localSpeech(input: SpeechInput): Promise<Omit<SpeechResult, "provider">> {
  const voiceId = input.voiceId ?? DEFAULT_VOICE;
  const wav = await espeakWav(speakableText(input.text), voiceId);
  return { bytes: Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength), mimeType: "audio/wav", voiceId };
}
