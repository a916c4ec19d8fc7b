import type { ComponentProps } from "react";
import type { ApiReferenceReact } from "@scalar/api-reference-react";

type AnyConfiguration = ComponentProps<typeof ApiReferenceReact>["configuration"];
/** One document's configuration (Scalar also accepts a list of them). */
export type ScalarConfiguration = Exclude<AnyConfiguration, unknown[]>;

export const OPENAPI_PATH = "/v1/openapi.json";

/**
 * What the bearer field of "Test Request" starts with. Not a key: the server answers it with 401
 * until it is replaced by a real test key. ASCII only, because fetch refuses a header value
 * outside Latin-1 (an ellipsis would fail before the request is sent).
 */
export const TEST_KEY_PLACEHOLDER = "sk_test_paste_your_test_key_here";

/*
 * Scalar's theme sits in a CSS layer; these unlayered variables win over it. They map Scalar onto
 * the app's design tokens (which follow the `dark` class on <html>) and its locally bundled Geist
 * fonts, since Scalar's own fonts would come from its font host.
 */
const CUSTOM_CSS = `
:root {
  --scalar-font: var(--font-geist-sans), ui-sans-serif, system-ui, sans-serif;
  --scalar-font-code: var(--font-geist-mono), ui-monospace, SFMono-Regular, Menlo, monospace;
}
.light-mode, .dark-mode {
  --scalar-background-1: var(--canvas);
  --scalar-background-2: var(--subtle);
  --scalar-background-3: var(--subtle-strong);
  --scalar-background-accent: var(--accent-soft);
  --scalar-color-1: var(--fg);
  --scalar-color-2: var(--fg-muted);
  --scalar-color-3: var(--fg-subtle);
  --scalar-color-accent: var(--accent-text);
  --scalar-border-color: var(--line-strong);
}
`;

/**
 * The API reference's Scalar configuration: the document and every "Test Request" go to the
 * server that serves the page (`origin`), nothing is loaded from or reported to another host,
 * and the colours follow the app's theme (`dark`).
 */
export function scalarConfiguration({ origin, dark }: { origin: string; dark: boolean }): ScalarConfiguration {
  return {
    url: new URL(OPENAPI_PATH, origin).href,
    // The document says `servers: [{url: "/"}]`; name the origin so that requests never depend on
    // how Scalar resolves a relative server.
    servers: [{ url: origin, description: "This server" }],
    baseServerURL: origin,
    authentication: {
      preferredSecurityScheme: "secretKey",
      securitySchemes: { secretKey: { token: TEST_KEY_PLACEHOLDER } },
    },
    // A pasted key stays in this tab's memory, never in localStorage.
    persistAuth: false,
    // Offline and private: no font host, no telemetry, no AI agent (on by default on localhost), no
    // developer toolbar (it can upload the document to Scalar's servers), no request proxy, and no
    // "Open API Client" link (it hands the document's URL to Scalar's hosted client).
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    showDeveloperTools: "never",
    hideClientButton: true,
    documentDownloadType: "json",
    forceDarkModeState: dark ? "dark" : "light",
    hideDarkModeToggle: true,
    customCss: CUSTOM_CSS,
  };
}
