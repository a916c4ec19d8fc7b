import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setEnv } from "@/tests/support/env";
import { allowSignIn, allowSignUp, clientAddress, recordSignInFailure, recordSignInSuccess } from "./throttle";

// The clock the failure counts read (Date.now) follows `t`; buckets take it as an argument.
let t = Date.UTC(2030, 0, 1);
const at = (time: number) => {
  vi.setSystemTime(time);
  return time;
};
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  setEnv({
    AUTH_ATTEMPTS_PER_MINUTE: "5",
    SIGN_IN_FAILURES_PER_EMAIL: "3",
    SIGN_IN_FAILURES_PER_ADDRESS: "4",
    SIGN_UPS_PER_HOUR: "2",
    TRUST_PROXY: "0",
    REDIS_URL: "",
  });
  // Buckets and counts are per process (no REDIS_URL): a fresh day for each test.
  t += 24 * 3600 * 1000;
  at(t);
});
afterAll(() => {
  vi.useRealTimers();
});

describe("sign-in throttle", () => {
  it("refuses an email after SIGN_IN_FAILURES_PER_EMAIL failures for 15 minutes, from any address", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await allowSignIn("Target@example.com", `10.0.0.${i}`, at(t))).ok).toBe(true);
      await recordSignInFailure("target@example.com ", `10.0.0.${i}`);
    }
    const refused = await allowSignIn("target@EXAMPLE.com", "10.0.0.9", at(t + 60_000));
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 14 * 60 });
    expect((await allowSignIn("other@example.com", "10.0.0.9", at(t + 60_000))).ok).toBe(true);
    expect((await allowSignIn("target@example.com", "10.0.0.9", at(t + 15 * 60_000))).ok).toBe(true);
  });

  it("forgets an email's failures on a successful sign-in", async () => {
    await recordSignInFailure("a@example.com", "10.0.1.1");
    await recordSignInFailure("a@example.com", "10.0.1.2");
    await recordSignInSuccess("A@example.com");
    await recordSignInFailure("a@example.com", "10.0.1.3");
    await recordSignInFailure("a@example.com", "10.0.1.4");
    expect((await allowSignIn("a@example.com", "10.0.1.5", at(t))).ok).toBe(true);
  });

  it("refuses an address after SIGN_IN_FAILURES_PER_ADDRESS failures over many emails, for an hour, whatever the email", async () => {
    // Credential stuffing: one guess per email, never three on one; spaced so the attempts bucket refills.
    for (let i = 0; i < 4; i++) {
      expect((await allowSignIn(`victim${i}@example.com`, "10.0.4.1", at(t + i * 60_000))).ok).toBe(true);
      await recordSignInFailure(`victim${i}@example.com`, "10.0.4.1");
    }
    const refused = await allowSignIn("fresh@example.com", "10.0.4.1", at(t + 4 * 60_000));
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 56 * 60 });
    // A success does not forgive the address; other addresses and the victims' own are untouched.
    await recordSignInSuccess("victim0@example.com");
    expect((await allowSignIn("fresh@example.com", "10.0.4.1", at(t + 5 * 60_000))).ok).toBe(false);
    expect((await allowSignIn("victim1@example.com", "10.0.4.2", at(t + 5 * 60_000))).ok).toBe(true);
    expect((await allowSignIn("fresh@example.com", "10.0.4.1", at(t + 60 * 60_000))).ok).toBe(true);
  });

  it("limits attempts per address to AUTH_ATTEMPTS_PER_MINUTE, refilling over the minute", async () => {
    for (let i = 0; i < 5; i++) expect((await allowSignIn(`n${i}@example.com`, "10.0.2.1", at(t))).ok).toBe(true);
    expect(await allowSignIn("n5@example.com", "10.0.2.1", at(t))).toEqual({ ok: false, retryAfterSeconds: 12 });
    expect((await allowSignIn("n5@example.com", "10.0.2.2", at(t))).ok).toBe(true);
    expect((await allowSignIn("n5@example.com", "10.0.2.1", at(t + 12_000))).ok).toBe(true);
  });
});

describe("sign-up throttle", () => {
  it("allows SIGN_UPS_PER_HOUR per address", async () => {
    expect((await allowSignUp("10.0.3.1", t)).ok).toBe(true);
    expect((await allowSignUp("10.0.3.1", t)).ok).toBe(true);
    expect(await allowSignUp("10.0.3.1", t)).toEqual({ ok: false, retryAfterSeconds: 1800 });
    expect((await allowSignUp("10.0.3.2", t)).ok).toBe(true);
  });
});

describe("clientAddress", () => {
  it("takes the last X-Forwarded-For entry without a trusted proxy (Next fills it from the connection) and with one", async () => {
    for (const hops of ["0", "1"]) {
      setEnv({ TRUST_PROXY: hops });
      expect(clientAddress(new Headers({ "x-forwarded-for": "1.2.3.4, 10.0.0.7" }))).toBe("10.0.0.7");
      expect(clientAddress({ "x-forwarded-for": " 10.0.0.8 " })).toBe("10.0.0.8");
      expect(clientAddress({ "x-forwarded-for": ["1.1.1.1", "10.0.0.9"] })).toBe("10.0.0.9");
      expect(clientAddress({})).toBe("unknown");
    }
  });

  it("behind N trusted proxies, takes the N-th entry from the right: what the outermost one saw", async () => {
    // A CDN appends the client's address, nginx appends the CDN's: the client is second from the right.
    setEnv({ TRUST_PROXY: "2" });
    expect(clientAddress({ "x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.0.0.2" })).toBe("203.0.113.5");
    // A list shorter than the chain: its leftmost entry.
    expect(clientAddress({ "x-forwarded-for": "203.0.113.6" })).toBe("203.0.113.6");
  });
});
