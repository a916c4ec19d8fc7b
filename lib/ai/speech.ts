import { hashString } from "@/lib/kernel";
import type { SpeechInput, SpeechResult } from "./provider";

// The speech capability without a speech model: WAV synthesis in plain JS (no native code).
// `mock` speaks a short deterministic tone; `local` a placeholder voice: a glottal pulse train
// through two vowel formants, one syllable per vowel group, with falling intonation per phrase.

export const DEFAULT_VOICE = "narrator";
const MAX_LOCAL_SECONDS = 12;

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

/** Reads the sample rate and duration of a WAV made by `encodeWav` (tests, and sanity checks). */
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

/** Formants (F1, F2 in Hz) of the vowels the placeholder voice knows. */
const VOWELS: Record<string, [number, number]> = {
  a: [800, 1200],
  e: [500, 1900],
  i: [320, 2300],
  o: [500, 900],
  u: [350, 800],
  y: [320, 2100],
};

/** A two-pole resonator (one formant) over a signal. */
function resonate(input: Float32Array, freq: number, bandwidth: number, rate: number): Float32Array {
  const out = new Float32Array(input.length);
  const r = Math.exp((-Math.PI * bandwidth) / rate);
  const b1 = 2 * r * Math.cos((2 * Math.PI * freq) / rate);
  const b2 = -r * r;
  const gain = 1 - r;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < input.length; i++) {
    const y = gain * input[i]! + b1 * y1 + b2 * y2;
    out[i] = y;
    y2 = y1;
    y1 = y;
  }
  return out;
}

interface Syllable {
  vowel: [number, number];
  /** Seconds of sound, then of silence after it. */
  length: number;
  pause: number;
  /** Position in its phrase, 0..1 (intonation falls across a phrase). */
  at: number;
  question: boolean;
}

function syllablesOf(text: string): Syllable[] {
  const out: Syllable[] = [];
  const phrases = text.toLowerCase().split(/(?<=[.!?;:,])\s*/).filter((p) => p.trim() !== "");
  for (const phrase of phrases) {
    const question = phrase.trim().endsWith("?");
    const groups = [...phrase.matchAll(/[aeiouy]+|\s+|[.!?;:,]/g)];
    const vowels = groups.filter((g) => /[aeiouy]/.test(g[0]));
    let index = 0;
    for (const group of groups) {
      const token = group[0];
      if (/[aeiouy]/.test(token)) {
        const vowel = VOWELS[token[0]!] ?? VOWELS.a!;
        out.push({ vowel, length: 0.09 + Math.min(token.length, 3) * 0.025, pause: 0.015, at: vowels.length > 1 ? index / (vowels.length - 1) : 0, question });
        index++;
      } else if (/\s/.test(token) && out.length > 0) {
        out[out.length - 1]!.pause += 0.05;
      } else if (/[.!?;:,]/.test(token) && out.length > 0) {
        out[out.length - 1]!.pause += /[,;:]/.test(token) ? 0.15 : 0.3;
      }
    }
  }
  return out;
}

/**
 * The `local` placeholder voice: deterministic for identical input, a few seconds at most,
 * with a pitch (95–230 Hz) and pace chosen by a hash of the voice id.
 */
export function localSpeech(input: SpeechInput): Omit<SpeechResult, "provider"> {
  const voiceId = input.voiceId ?? DEFAULT_VOICE;
  const rate = 16000;
  const voiceHash = hashString(`local-voice-v1|${voiceId}`);
  const f0 = 95 + (voiceHash % 136);
  const pace = 0.85 + ((voiceHash >>> 8) % 30) / 100;
  const syllables = syllablesOf(input.text.slice(0, 600));
  if (syllables.length === 0) syllables.push({ vowel: VOWELS.a!, length: 0.2, pause: 0.1, at: 0, question: false });

  const total = Math.min(
    MAX_LOCAL_SECONDS,
    syllables.reduce((sum, s) => sum + (s.length + s.pause) * pace, 0.1),
  );
  const source = new Float32Array(Math.ceil(total * rate));
  const f1Track = new Float32Array(source.length);
  const f2Track = new Float32Array(source.length);
  let cursor = Math.round(0.05 * rate);
  let phase = 0;
  for (const syllable of syllables) {
    const length = Math.round(syllable.length * pace * rate);
    if (cursor + length >= source.length) break;
    const contour = syllable.question ? 0.9 + 0.25 * syllable.at : 1.1 - 0.2 * syllable.at;
    for (let i = 0; i < length; i++) {
      const t = i / length;
      const pitch = f0 * contour * (1 + 0.03 * Math.sin(2 * Math.PI * 5 * (i / rate)));
      phase += pitch / rate;
      if (phase >= 1) phase -= 1;
      // A glottal pulse: a sharp rise and a slower fall, under a syllable envelope.
      const pulse = phase < 0.4 ? Math.sin((Math.PI * phase) / 0.4) : 0;
      const envelope = Math.sin(Math.PI * Math.min(1, t * 1.2)) ** 0.6;
      source[cursor + i] = pulse * envelope;
      f1Track[cursor + i] = syllable.vowel[0];
      f2Track[cursor + i] = syllable.vowel[1];
    }
    cursor += length + Math.round(syllable.pause * pace * rate);
  }
  // Two formants, each applied with the formants of the vowel sounding (piecewise constant).
  const mix = new Float32Array(source.length);
  let start = 0;
  while (start < source.length) {
    let end = start + 1;
    while (end < source.length && f1Track[end] === f1Track[start] && f2Track[end] === f2Track[start]) end++;
    const segment = source.subarray(start, end);
    if (f1Track[start]! > 0) {
      const a = resonate(segment, f1Track[start]!, 90, rate);
      const b = resonate(segment, f2Track[start]!, 120, rate);
      for (let i = 0; i < segment.length; i++) mix[start + i] = a[i]! * 0.9 + b[i]! * 0.5;
    }
    start = end;
  }
  let peak = 0;
  for (const s of mix) peak = Math.max(peak, Math.abs(s));
  const scale = peak > 0 ? 0.6 / peak : 0;
  for (let i = 0; i < mix.length; i++) mix[i] = mix[i]! * scale;
  return { bytes: encodeWav(mix, rate), mimeType: "audio/wav", voiceId };
}
