import type { Box, DescribeResult, GroundResult, ProviderName, VisionSource } from "@/lib/ai";

/** Where the frame is and its size in pixels (boxes are fractions of it). */
export interface FrameInfo {
  url: string;
  width: number;
  height: number;
}

const mockFlag = (mock: boolean) => (mock ? { mock: true as const } : {});

export function groundBody(result: GroundResult, frame: FrameInfo, mock: boolean) {
  return { objects: result.objects, frame, provider: result.provider, source: result.source, ...mockFlag(mock) };
}

export function describeBody(result: DescribeResult, frame: FrameInfo, mock: boolean) {
  return { caption: result.caption, labels: result.labels, frame, provider: result.provider, source: result.source, ...mockFlag(mock) };
}

export interface CheckResult {
  label: string;
  present: boolean;
  score: number;
  pass: boolean;
  box?: Box;
}

export function checkBody(
  check: { results: CheckResult[]; provider: ProviderName; source: VisionSource },
  frame: FrameInfo,
  mock: boolean,
) {
  return {
    pass: check.results.every((r) => r.pass),
    results: check.results,
    frame,
    provider: check.provider,
    source: check.source,
    ...mockFlag(mock),
  };
}
