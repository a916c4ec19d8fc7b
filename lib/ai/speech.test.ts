import { describe, expect, it } from "vitest";
import { espeakVoice, localSpeech, MAX_LOCAL_CHARS, speakableText } from "./local/voice";
import { mockSpeech, wavInfo } from "./speech";

/** The 16-bit samples of a WAV with a 44-byte header. */
function samplesOf(bytes: Buffer): Int16Array {
  const pcm = bytes.subarray(44);
  const out = new Int16Array(pcm.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = pcm.readInt16LE(i * 2);
  return out;
}

/** Share of 20 ms windows whose loudness is over a tenth of the loudest: speech comes and goes in words. */
function voicedShare(samples: Int16Array, rate: number): number {
  const size = Math.round(rate * 0.02);
  const energies: number[] = [];
  for (let at = 0; at + size <= samples.length; at += size) {
    let sum = 0;
    for (let i = at; i < at + size; i++) sum += samples[i]! * samples[i]!;
    energies.push(Math.sqrt(sum / size));
  }
  const loudest = Math.max(...energies);
  return energies.filter((e) => e > loudest / 10).length / energies.length;
}

describe("speech without a model", () => {
  it("mock: a deterministic 0.4 s WAV whose pitch depends on the text", () => {
    const a = mockSpeech({ text: "hello", voiceId: "v" });
    expect(a.bytes.equals(mockSpeech({ text: "hello", voiceId: "v" }).bytes)).toBe(true);
    expect(a.bytes.equals(mockSpeech({ text: "goodbye", voiceId: "v" }).bytes)).toBe(false);
    expect(wavInfo(a.bytes)).toEqual({ sampleRate: 8000, seconds: 0.4 });
    expect(a).toMatchObject({ mimeType: "audio/wav", voiceId: "v" });
    expect(mockSpeech({ text: "x" }).voiceId).toBe("narrator");
  });
});

describe("local: eSpeak NG", () => {
  it("speaks: a WAV whose length scales with the text, words with pauses between them", async () => {
    const short = await localSpeech({ text: "Mind the stairs." });
    const long = await localSpeech({
      text: "Mind the stairs. The lamp has burned every night for a hundred years, and it will burn tonight, whatever the sea says.",
    });
    const a = wavInfo(short.bytes)!;
    const b = wavInfo(long.bytes)!;
    expect(a.sampleRate).toBe(22050);
    expect(short.bytes.length).toBe(44 + a.seconds * a.sampleRate * 2);
    // About 2.5 words a second: "Mind the stairs." is about a second, the long line 6–10 s.
    expect(a.seconds).toBeGreaterThan(0.6);
    expect(a.seconds).toBeLessThan(2.5);
    expect(b.seconds).toBeGreaterThan(4 * a.seconds);
    const samples = samplesOf(long.bytes);
    let peak = 0;
    for (const s of samples) peak = Math.max(peak, Math.abs(s));
    expect(peak).toBeGreaterThan(5000);
    // Speech, not a tone or noise: loud windows and quiet ones (the gaps between words).
    const voiced = voicedShare(samples, b.sampleRate);
    expect(voiced).toBeGreaterThan(0.4);
    expect(voiced).toBeLessThan(0.95);
    expect(short.mimeType).toBe("audio/wav");
    expect(short.voiceId).toBe("narrator");
  });

  it("keeps a voice's timing, differs across voices, and reads option-like text as text", async () => {
    // The breathy variants mix in noise seeded by the clock, so only the timing is fixed.
    const [x, y] = [await localSpeech({ text: "Hello", voiceId: "a" }), await localSpeech({ text: "Hello", voiceId: "a" })];
    expect(x.bytes.length).toBe(y.bytes.length);
    const voices = ["narrator", "ember", "wren", "a", "b", "c"];
    const distinct = new Set(voices.map((v) => JSON.stringify(espeakVoice(v))));
    expect(distinct.size).toBeGreaterThan(2);
    const [v1, v2] = voices.filter(
      (v, i) => voices.findIndex((w) => JSON.stringify(espeakVoice(w)) === JSON.stringify(espeakVoice(v))) === i,
    );
    expect(
      (await localSpeech({ text: "Hello", voiceId: v1 })).bytes.equals((await localSpeech({ text: "Hello", voiceId: v2 })).bytes),
    ).toBe(false);
    // "--help" would print the usage if it were an argument: read from a file, it is spoken.
    expect(wavInfo((await localSpeech({ text: "--help -v xx" })).bytes)!.seconds).toBeGreaterThan(0.5);
  });

  it("bounds the text and survives empty and odd input", async () => {
    expect(speakableText("a\u0000b\u0007c")).toBe("a b c");
    const cut = speakableText("word ".repeat(400));
    expect(cut.length).toBeLessThanOrEqual(MAX_LOCAL_CHARS);
    expect(cut.endsWith("word")).toBe(true);
    expect(wavInfo((await localSpeech({ text: "" })).bytes)).not.toBeNull();
    expect(wavInfo((await localSpeech({ text: "{hero} 🚀 ünïcode" })).bytes)!.seconds).toBeGreaterThan(0.3);
  });
});
