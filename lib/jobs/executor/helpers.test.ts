import { describe, expect, it } from "vitest";
import { compileExpression, ExpressionError } from "./expression";
import { canonicalJson, maxAttemptsOf, signRequest, toJsonError } from "./protocol";
import { parseRetryAfter, parseTimeString, resolveInstant, retryDelayMs } from "./time";
import { seededEventId, ulid } from "./ids";

describe("expressions (the CEL subset)", () => {
  const event = { name: "a/b", data: { userId: "u1", n: 3, nested: { ok: true }, list: ["x", "y"] } };
  const vars = { event, async: { name: "a/c", data: { userId: "u1", n: 5, plan: "pro" } } };

  it.each([
    ["event.data.userId == async.data.userId", true],
    ["event.data.userId != async.data.userId", false],
    ["event.data.n < async.data.n && async.data.plan == 'pro'", true],
    ['async.data.plan == "free" || event.data.nested.ok', true],
    ["!(event.data.n >= 3)", false],
    ["event.data.list[1] == 'y' && event.data['userId'] == 'u1'", true],
    ["event.data.missing == null", true],
    ["event.data.missing.deeper == 'x'", false],
    ["event.data.n == -3 || event.data.n == 3.0", true],
    ["event.data.n > 'a'", false],
    ["event.data.nested == event.data.nested", true],
  ])("%s → %s", (source, expected) => {
    expect(compileExpression(source)(vars)).toBe(expected);
  });

  it.each([
    "size(event.data.list) > 1",
    "event.data.n + 1 == 4",
    "other.data.x == 1",
    "event.data.userId == 'unterminated",
    "event.data.x in ['a']",
    "event.data.x.startsWith('a')",
  ])("refuses %s", (source) => {
    expect(() => compileExpression(source)).toThrow(ExpressionError);
  });

  it("limits the names to the given roots", () => {
    expect(compileExpression("event.data.n == 3", ["event"])(vars)).toBe(true);
    expect(() => compileExpression("async.data.n == 5", ["event"])).toThrow(ExpressionError);
  });
});

describe("time strings, instants and backoff", () => {
  it.each([
    ["300ms", 300],
    ["1s", 1000],
    ["2h45m", 9_900_000],
    ["1.5d", 129_600_000],
    ["1w", 604_800_000],
    ["10us", 0.01],
  ])("%s is %d ms", (value, ms) => {
    expect(parseTimeString(value)).toBe(ms);
  });

  it.each(["", "1", "1y", "h1", "1s ago"])("%j is not a time string", (value) => {
    expect(parseTimeString(value)).toBeUndefined();
  });

  it("resolves sleeps given as durations or ISO dates", () => {
    expect(resolveInstant("1m", 1_000)).toEqual(new Date(61_000));
    expect(resolveInstant("2030-01-02T03:04:05.000Z", 0)).toEqual(new Date("2030-01-02T03:04:05.000Z"));
    expect(resolveInstant("soon", 0)).toBeUndefined();
    expect(resolveInstant(undefined, 0)).toBeUndefined();
  });

  it("reads Retry-After as seconds or a date", () => {
    expect(parseRetryAfter("30", 1_000)).toEqual(new Date(31_000));
    expect(parseRetryAfter("2030-01-01T00:00:00Z", 0)).toEqual(new Date("2030-01-01T00:00:00Z"));
    expect(parseRetryAfter("", 0)).toBeUndefined();
  });

  it("doubles the delay per retry up to the cap, with at most 15 % jitter", () => {
    const backoff = { baseMs: 15_000, maxMs: 7_200_000 };
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, backoff, () => 0))).toEqual([15_000, 30_000, 60_000, 120_000]);
    expect(retryDelayMs(20, backoff, () => 0)).toBe(7_200_000);
    expect(retryDelayMs(1, backoff, () => 1)).toBe(17_250);
  });
});

describe("wire details", () => {
  it("canonicalizes JSON (RFC 8785 key order, no undefined)", () => {
    expect(canonicalJson({ b: 1, a: [true, null, { d: "x", c: undefined }], é: 1.5 })).toBe('{"a":[true,null,{"d":"x"}],"b":1,"é":1.5}');
  });

  it("signs as SDK_SPEC 4.1.3 describes: HMAC-SHA256 of body + t, keyed without the signkey-<env>- prefix", () => {
    // echo -n "body1700000000" | openssl dgst -sha256 -hmac abc
    expect(signRequest("body", "signkey-prod-abc", 1_700_000_000_000)).toBe(
      "t=1700000000&s=7e4b67233f69535de9be03a2b093241d1bed783592e01d715d8c62945d5f6844",
    );
  });

  it("reads max attempts from the synced retries (default 3 retries)", () => {
    expect(maxAttemptsOf({ id: "f", triggers: [], steps: {} })).toBe(4);
    expect(maxAttemptsOf({ id: "f", triggers: [], steps: { step: { retries: { attempts: 0 } } } })).toBe(1);
    expect(maxAttemptsOf({ id: "f", triggers: [], steps: { step: { retries: { attempts: 50 } } } })).toBe(21);
  });

  it("turns anything thrown or answered into { name, message }", () => {
    expect(toJsonError(new TypeError("boom"))).toMatchObject({ name: "TypeError", message: "boom" });
    expect(toJsonError({ name: "X", message: "y", extra: 1 })).toEqual({ name: "X", message: "y", extra: 1 });
    expect(toJsonError(undefined, "status 500")).toEqual({ name: "Error", message: "status 500" });
  });

  it("makes ULIDs, and the same event id for the same send seed and index", () => {
    expect(ulid(0, new Uint8Array(10))).toBe("0".repeat(26));
    expect(ulid()).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    const seed = "1700000000000,QUJDREVGR0hJSg==";
    expect(seededEventId(seed, 0)).toBe(seededEventId(seed, 0));
    expect(seededEventId(seed, 0)).not.toBe(seededEventId(seed, 1));
    expect(seededEventId(seed, 0).slice(0, 10)).toBe(ulid(1_700_000_000_000, new Uint8Array(10)).slice(0, 10));
  });
});
