import { describe, expect, it } from "vitest";
import { formatRelative, formatUntil } from "./dates";

const at = (now: number, seconds: number) => new Date(now + seconds * 1000).toISOString();

describe("formatUntil: a scheduled moment, such as a webhook's next attempt", () => {
  const now = Date.parse("2026-11-28T12:00:00Z");
  it.each([
    [59.2, "in 1 min"],
    [45, "in 45 s"],
    [61, "in 2 min"],
    [600, "in 10 min"],
    [5400, "in 2 h"],
    [0, "due now"],
    [-30, "due now"],
  ])("%s s ahead reads %j", (seconds, text) => {
    expect(formatUntil(at(now, seconds), now)).toBe(text);
  });

  it("never says 'just now' of a time still ahead, as formatRelative does", () => {
    expect(formatRelative(at(now, 59), now)).toBe("just now");
    expect(formatUntil(at(now, 59), now)).not.toBe("just now");
  });
});
