import { createPrng, hashString } from "@/lib/kernel";
import type { DescribeInput, DescribeResult, GroundInput, GroundResult } from "./provider";

// Test-mode vision: deterministic answers that never look at the pixels. Every phrase is
// "found" once, in a box drawn from a hash of the phrase, so the same request always gets the
// same answer on every machine.

const round3 = (v: number) => Math.round(v * 1000) / 1000;

export async function groundMock(input: GroundInput): Promise<Omit<GroundResult, "provider">> {
  const objects = input.phrases.map((phrase) => {
    const rng = createPrng(hashString(JSON.stringify(["mock-ground-v1", phrase])));
    const w = 0.15 + rng.next() * 0.35;
    const h = 0.15 + rng.next() * 0.35;
    const box = { x: round3(rng.next() * (1 - w)), y: round3(rng.next() * (1 - h)), w: round3(w), h: round3(h) };
    return { phrase, label: phrase.trim().toLowerCase(), score: round3(0.6 + rng.next() * 0.39), box };
  });
  return { objects, source: "mock" };
}

export async function describeMock(input: DescribeInput): Promise<Omit<DescribeResult, "provider">> {
  const { width, height, mimeType } = input.frame;
  const caption = `A mock caption of a ${width}×${height} ${mimeType.slice(6).toUpperCase()} frame.${input.detail === "long" ? " Test keys get this fixed text; live keys get a real description." : ""}`;
  return { caption, labels: ["mock"], source: "mock" };
}
