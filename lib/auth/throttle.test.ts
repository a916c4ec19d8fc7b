import { beforeEach, describe, expect, it } from "vitest";
import { setEnv } from "@/tests/support/env";
import { allowSignIn, allowSignUp, clientAddress, recordSignInFailure, recordSignInSuccess } from "./throttle";

let t = 1_000_000;
beforeEach(() => {
  setEnv({ AUTH_ATTEMPTS_PER_MINUTE: "5", SIGN_IN_FAILURES_PER_EMAIL: "3", SIGN_IN_FAILURES_PER_ADDRESS: "4", SIGN_UPS_PER_HOUR: "2", TRUST_PROXY: "0" });
  // Buckets and counts are per process: a fresh hour for each test.
  t += 24 * 3600 * 1000;
});

describe("sign-in throttle", () => {
  it("refuses an email after SIGN_IN_FAILURES_PER_EMAIL failures for 15 minutes, from any address", () => {
    for (let i = 0; i < 3; i++) {
      expect(allowSignIn("Target@example.com", `10.0.0.${i}`, t).ok).toBe(true);
      recordSignInFailure("target@example.com ", `10.0.0.${i}`, t);
    }
    const refused = allowSignIn("target@EXAMPLE.com", "10.0.0.9", t + 60_000);
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 14 * 60 });
    expect(allowSignIn("other@example.com", "10.0.0.9", t + 60_000).ok).toBe(true);
    expect(allowSignIn("target@example.com", "10.0.0.9", t + 15 * 60_000).ok).toBe(true);
  });

  it("forgets an email's failures on a successful sign-in", () => {
    recordSignInFailure("a@example.com", "10.0.1.1", t);
    recordSignInFailure("a@example.com", "10.0.1.2", t);
    recordSignInSuccess("A@example.com");
    recordSignInFailure("a@example.com", "10.0.1.3", t);
    recordSignInFailure("a@example.com", "10.0.1.4", t);
    expect(allowSignIn("a@example.com", "10.0.1.5", t).ok).toBe(true);
  });

  it("refuses an address after SIGN_IN_FAILURES_PER_ADDRESS failures over many emails, for an hour, whatever the email", () => {
    // Credential stuffing: one guess per email, never three on one; spaced so the attempts bucket refills.
    for (let i = 0; i < 4; i++) {
      expect(allowSignIn(`victim${i}@example.com`, "10.0.4.1", t + i * 60_000).ok).toBe(true);
      recordSignInFailure(`victim${i}@example.com`, "10.0.4.1", t + i * 60_000);
    }
    const refused = allowSignIn("fresh@example.com", "10.0.4.1", t + 4 * 60_000);
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 56 * 60 });
    // A success does not forgive the address; other addresses and the victims' own are untouched.
    recordSignInSuccess("victim0@example.com");
    expect(allowSignIn("fresh@example.com", "10.0.4.1", t + 5 * 60_000).ok).toBe(false);
    expect(allowSignIn("victim1@example.com", "10.0.4.2", t + 5 * 60_000).ok).toBe(true);
    expect(allowSignIn("fresh@example.com", "10.0.4.1", t + 60 * 60_000).ok).toBe(true);
  });

  it("limits attempts per address to AUTH_ATTEMPTS_PER_MINUTE, refilling over the minute", () => {
    for (let i = 0; i < 5; i++) expect(allowSignIn(`n${i}@example.com`, "10.0.2.1", t).ok).toBe(true);
    expect(allowSignIn("n5@example.com", "10.0.2.1", t)).toEqual({ ok: false, retryAfterSeconds: 12 });
    expect(allowSignIn("n5@example.com", "10.0.2.2", t).ok).toBe(true);
    expect(allowSignIn("n5@example.com", "10.0.2.1", t + 12_000).ok).toBe(true);
  });
});

describe("sign-up throttle", () => {
  it("allows SIGN_UPS_PER_HOUR per address", () => {
    expect(allowSignUp("10.0.3.1", t).ok).toBe(true);
    expect(allowSignUp("10.0.3.1", t).ok).toBe(true);
    expect(allowSignUp("10.0.3.1", t)).toEqual({ ok: false, retryAfterSeconds: 1800 });
    expect(allowSignUp("10.0.3.2", t).ok).toBe(true);
  });
});

describe("clientAddress", () => {
  it("takes the last X-Forwarded-For entry without a trusted proxy (Next fills it from the connection) and with one", () => {
    for (const hops of ["0", "1"]) {
      setEnv({ TRUST_PROXY: hops });
      expect(clientAddress(new Headers({ "x-forwarded-for": "1.2.3.4, 10.0.0.7" }))).toBe("10.0.0.7");
      expect(clientAddress({ "x-forwarded-for": " 10.0.0.8 " })).toBe("10.0.0.8");
      expect(clientAddress({ "x-forwarded-for": ["1.1.1.1", "10.0.0.9"] })).toBe("10.0.0.9");
      expect(clientAddress({})).toBe("unknown");
    }
  });

  it("behind N trusted proxies, takes the N-th entry from the right: what the outermost one saw", () => {
    // A CDN appends the client's address, nginx appends the CDN's: the client is second from the right.
    setEnv({ TRUST_PROXY: "2" });
    expect(clientAddress({ "x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.0.0.2" })).toBe("203.0.113.5");
    // A list shorter than the chain: its leftmost entry.
    expect(clientAddress({ "x-forwarded-for": "203.0.113.6" })).toBe("203.0.113.6");
  });
});
