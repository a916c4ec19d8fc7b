import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/errors";
import { mockWorld } from "@/lib/kernel";
import { authorWorld, toApiError } from "./author";
import { ProviderError } from "./errors";
import { getProvider, openAICompatibleConfigFromEnv, readAiEnv } from "./index";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("getProvider", () => {
  it("is mock for test mode, whatever is configured", () => {
    expect(getProvider("test", {}).name).toBe("mock");
    expect(getProvider("test", { AI_BASE_URL: "http://127.0.0.1:1/v1", AI_MODEL: "m" }).name).toBe("mock");
  });

  it("is local for live mode without AI_BASE_URL, openai-compatible with it", () => {
    expect(getProvider("live", {}).name).toBe("local");
    expect(getProvider("live", { AI_BASE_URL: "  " }).name).toBe("local");
    const remote = getProvider("live", { AI_BASE_URL: "http://127.0.0.1:11434/v1", AI_MODEL: "llama3.1" });
    expect(remote.name).toBe("openai-compatible");
    expect(remote.capabilities.has("author")).toBe(true);
    expect(getProvider("live", { AI_BASE_URL: "http://127.0.0.1:11434/v1", AI_MODEL: "llama3.1" })).toBe(remote);
  });

  it("refuses a half or invalid configuration with a config error", () => {
    expect(() => getProvider("live", { AI_BASE_URL: "http://127.0.0.1:11434/v1" })).toThrow(/AI_MODEL/);
    expect(() => getProvider("live", { AI_BASE_URL: "not a url", AI_MODEL: "m" })).toThrow(ProviderError);
    expect(() => readAiEnv({ AI_TIMEOUT_MS: "soon" })).toThrow(/AI_TIMEOUT_MS/);
    expect(readAiEnv({})).toMatchObject({
      AI_TIMEOUT_MS: 60_000,
      AI_MAX_ATTEMPTS: 3,
      AI_TRANSPORT_RETRIES: 2,
      AI_JSON_MODE: "json_object",
    });
    expect(
      openAICompatibleConfigFromEnv({ AI_BASE_URL: "http://127.0.0.1:11434/v1", AI_MODEL: "m", AI_TRANSPORT_RETRIES: "0" })
        ?.transportRetries,
    ).toBe(0);
    expect(() => readAiEnv({ AI_TRANSPORT_RETRIES: "-1" })).toThrow(/AI_TRANSPORT_RETRIES/);
  });
});

describe("authorWorld (the seam lib/generation/pipeline.ts authors through)", () => {
  it("returns exactly mockWorld in test mode", async () => {
    vi.stubEnv("AI_BASE_URL", "http://127.0.0.1:1/v1");
    vi.stubEnv("AI_MODEL", "m");
    const input = { worldId: "w-1", premise: "a fox", pov: "first_person" };
    const authored = await authorWorld("test", input);
    expect(authored.world).toEqual(mockWorld({ premise: "a fox", pov: "first_person", id: "w-1" }));
    expect(authored).toMatchObject({ provider: "mock", ok: true, attempts: 1 });
  });

  it("generates live worlds with the local provider when nothing is configured", async () => {
    vi.stubEnv("AI_BASE_URL", "");
    const authored = await authorWorld("live", { worldId: "w-2", premise: "a fox guards a flooded library", pov: "first_person" });
    expect(authored).toMatchObject({ provider: "local", ok: true, attempts: 1 });
    expect(authored.world.id).toBe("w-2");
  });

  it("maps provider errors to API errors", async () => {
    vi.stubEnv("AI_BASE_URL", "http://127.0.0.1:1/v1");
    vi.stubEnv("AI_MODEL", "");
    await expect(authorWorld("live", { worldId: "w", premise: "x", pov: "first_person" })).rejects.toMatchObject({
      status: 503,
      code: "unavailable",
    });

    const failed = toApiError(new ProviderError("authoring_failed", "no luck", { diagnostics: [], errors: ["scene: required"] }));
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ status: 422, extra: { errors: ["scene: required"], diagnostics: [] } });
    expect(toApiError(new ProviderError("timeout", "slow"))).toMatchObject({ status: 502, code: "upstream_failed" });
    expect(toApiError(new ProviderError("upstream", "down"))).toMatchObject({ status: 502 });
    const other = new Error("x");
    expect(toApiError(other)).toBe(other);
  });
});
