import { describe, expect, it } from "vitest";
import { OPENAPI_PATH, scalarConfiguration, TEST_KEY_PLACEHOLDER } from "./scalar-configuration";

const ORIGIN = "http://127.0.0.1:3300";

describe("the API reference's Scalar configuration", () => {
  const config = scalarConfiguration({ origin: ORIGIN, dark: false });

  it("reads the document from, and sends requests to, the page's own server", () => {
    expect(config.url).toBe(`${ORIGIN}${OPENAPI_PATH}`);
    expect(config.servers).toEqual([{ url: ORIGIN, description: "This server" }]);
    expect(config.baseServerURL).toBe(ORIGIN);
    expect(config).not.toHaveProperty("proxyUrl");
    expect(config).not.toHaveProperty("proxy");
  });

  it("loads nothing from and reports nothing to another host", () => {
    expect(config).toMatchObject({
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      showDeveloperTools: "never",
      hideClientButton: true,
    });
    expect(config.customCss).not.toMatch(/url\(|@import|https?:/);
  });

  it("prefills the secret-key bearer with a placeholder fetch can send, and keeps it out of storage", () => {
    expect(config.authentication?.preferredSecurityScheme).toBe("secretKey");
    expect(config.authentication?.securitySchemes?.secretKey).toEqual({ token: TEST_KEY_PLACEHOLDER });
    expect(TEST_KEY_PLACEHOLDER).toMatch(/^sk_test_[\x21-\x7e]+$/);
    expect(config.persistAuth).toBe(false);
  });

  it("follows the app's theme instead of a toggle of its own", () => {
    expect(config).toMatchObject({ forceDarkModeState: "light", hideDarkModeToggle: true });
    expect(scalarConfiguration({ origin: ORIGIN, dark: true }).forceDarkModeState).toBe("dark");
  });
});
