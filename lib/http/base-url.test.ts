import { afterEach, describe, expect, it } from "vitest";
import { setEnv } from "@/tests/support/env";
import { publicBaseUrl, requestOrigin } from "./base-url";

afterEach(() => {
  delete process.env.PUBLIC_URL;
  setEnv({ TRUST_PROXY: "0" });
});

const h = (headers: Record<string, string>) => new Headers(headers);

describe("requestOrigin", () => {
  it("is the Host header over http, X-Forwarded-* ignored, without a trusted proxy", () => {
    setEnv({ TRUST_PROXY: "0" });
    expect(requestOrigin(h({ host: "Worlds.Example.test:8080", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }))).toBe(
      "http://worlds.example.test:8080",
    );
    expect(requestOrigin(h({ host: "[::1]:3000" }))).toBe("http://[::1]:3000");
  });

  it("refuses a Host that is not a bare host and port", () => {
    for (const host of ["evil.example/path", "user@evil.example", "evil.example?x", "evil.example#x", "a b", ""]) {
      expect(requestOrigin(h({ host })), host).toBeUndefined();
    }
    expect(requestOrigin(h({}))).toBeUndefined();
  });

  it("reads what the trusted proxy wrote with TRUST_PROXY, else the Host", () => {
    setEnv({ TRUST_PROXY: "1" });
    expect(requestOrigin(h({ host: "app:3000", "x-forwarded-host": "worlds.example.test", "x-forwarded-proto": "HTTPS" }))).toBe(
      "https://worlds.example.test",
    );
    expect(requestOrigin(h({ host: "app:3000", "x-forwarded-proto": "https" }))).toBe("https://app:3000");
    expect(requestOrigin(h({ host: "app:3000", "x-forwarded-proto": "gopher" }))).toBe("http://app:3000");
    expect(requestOrigin(h({ host: "app:3000", "x-forwarded-host": "a.example, worlds.example.test" }))).toBe("http://worlds.example.test");
  });
});

describe("publicBaseUrl", () => {
  it("is PUBLIC_URL (without its trailing slash) whatever the request says", () => {
    setEnv({ PUBLIC_URL: "https://play.example.com/worlds/", TRUST_PROXY: "1" });
    expect(publicBaseUrl({ headers: h({ host: "a.example", "x-forwarded-host": "b.example" }), url: "http://localhost:3000/v1/x" })).toBe(
      "https://play.example.com/worlds",
    );
  });

  it("falls back to the server's own address, or path-only links, only without a usable Host", () => {
    expect(publicBaseUrl({ headers: h({ host: "worlds.example.test" }), url: "http://localhost:3000/v1/x" })).toBe(
      "http://worlds.example.test",
    );
    expect(publicBaseUrl({ headers: h({}), url: "http://localhost:3000/v1/x" })).toBe("http://localhost:3000");
    expect(publicBaseUrl({ headers: h({}) })).toBe("");
  });
});
