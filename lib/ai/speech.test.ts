import { describe, expect, it } from "vitest";
import { localSpeech, mockSpeech, wavInfo } from "./speech";

describe("speech without a model", () => {
  it("mock: a deterministic 0.4 s WAV whose pitch depends on the text", () => {
    const a = mockSpeech({ text: "hello", voiceId: "v" });
    expect(a.bytes.equals(mockSpeech({ text: "hello", voiceId: "v" }).bytes)).toBe(true);
    expect(a.bytes.equals(mockSpeech({ text: "goodbye", voiceId: "v" }).bytes)).toBe(false);
    expect(wavInfo(a.bytes)).toEqual({ sampleRate: 8000, seconds: 0.4 });
    expect(a).toMatchObject({ mimeType: "audio/wav", voiceId: "v" });
    expect(mockSpeech({ text: "x" }).voiceId).toBe("narrator");
  });

  it("local: a placeholder voice, longer for longer text, bounded, different per voice", () => {
    const short = localSpeech({ text: "Hi." });
    const long = localSpeech({ text: "The lamp has burned every night for a hundred years, and it will burn tonight." });
    expect(wavInfo(long.bytes)!.seconds).toBeGreaterThan(wavInfo(short.bytes)!.seconds);
    expect(wavInfo(localSpeech({ text: "la ".repeat(2000) }).bytes)!.seconds).toBeLessThanOrEqual(12);
    expect(localSpeech({ text: "Hello", voiceId: "a" }).bytes.equals(localSpeech({ text: "Hello", voiceId: "b" }).bytes)).toBe(false);
    expect(localSpeech({ text: "Hello" }).bytes.equals(localSpeech({ text: "Hello" }).bytes)).toBe(true);
    // Not silence.
    const pcm = long.bytes.subarray(44);
    let peak = 0;
    for (let i = 0; i < pcm.length; i += 2) peak = Math.max(peak, Math.abs(pcm.readInt16LE(i)));
    expect(peak).toBeGreaterThan(10_000);
    expect(wavInfo(localSpeech({ text: "" }).bytes)!.seconds).toBeGreaterThan(0);
  });
});
