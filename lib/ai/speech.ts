import { hashString } from "@/lib/kernel";
import type { SpeechInput, SpeechResult } from "./provider";

// The speech capability without a speech model. `mock` speaks a short deterministic tone (test
// mode); the `local` voice is eSpeak NG compiled to WebAssembly (lib/ai/local/voice.ts, run on
// the CPU worker pool).

export const DEFAULT_VOICE = "narrator";

/** 16-bit PCM mono WAV bytes. */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    data.writeInt16LE(Math.round(s * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "latin1");
  header.write("fmt ", 12, "latin1");
  header.writeUInt32LE(16, 16); // PCM chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write("data", 36, "latin1");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Reads the sample rate and duration of a 16-bit mono PCM WAV with a 44-byte header (`encodeWav`'s, eSpeak's). */
export function wavInfo(bytes: Buffer): { sampleRate: number; seconds: number } | null {
  if (bytes.length < 44 || bytes.toString("latin1", 0, 4) !== "RIFF" || bytes.toString("latin1", 8, 12) !== "WAVE") return null;
  const sampleRate = bytes.readUInt32LE(24);
  const dataBytes = bytes.readUInt32LE(40);
  return { sampleRate, seconds: dataBytes / (sampleRate * 2) };
}

/** Test mode: 0.4 s of one tone whose pitch is a hash of voice and text. Deterministic bytes. */
export function mockSpeech(input: SpeechInput): Omit<SpeechResult, "provider"> {
  const voiceId = input.voiceId ?? DEFAULT_VOICE;
  const rate = 8000;
  const freq = 220 + (hashString(`mock-speech-v1|${voiceId}|${input.text}`) % 440);
  const samples = new Float32Array(Math.round(rate * 0.4));
  for (let i = 0; i < samples.length; i++) {
    const t = i / rate;
    const envelope = Math.min(1, i / 400, (samples.length - i) / 400);
    samples[i] = 0.4 * envelope * Math.sin(2 * Math.PI * freq * t);
  }
  return { bytes: encodeWav(samples, rate), mimeType: "audio/wav", voiceId };
}
