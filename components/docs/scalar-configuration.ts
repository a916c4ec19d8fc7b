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
 * fonts, since Scalar's own fonts would come from its font host. Its method, syntax and
 * "required" colours are Scalar's palette made darker (light theme) or lighter (dark theme) until
 * they read at 4.5:1 on the app's backgrounds (WCAG AA); Scalar's own fail it, and its code cards
 * use the dark palette on what the app paints light.
 */
const CUSTOM_CSS = `
:root {
  --scalar-font: var(--font-geist-sans), ui-sans-serif, system-ui, sans-serif;
  --scalar-font-code: var(--font-geist-mono), ui-monospace, SFMono-Regular, Menlo, monospace;
  --pw-scalar-green: #047857;
  --pw-scalar-blue: #0369a1;
  --pw-scalar-yellow: #854d0e;
  --pw-scalar-red: #b91c1c;
  --pw-scalar-orange: #c2410c;
  --pw-scalar-purple: #6d28d9;
}
:root.dark {
  --pw-scalar-green: #34d399;
  --pw-scalar-blue: #38bdf8;
  --pw-scalar-yellow: #facc15;
  --pw-scalar-red: #f87171;
  --pw-scalar-orange: #fb923c;
  --pw-scalar-purple: #a78bfa;
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
  --scalar-color-green: var(--pw-scalar-green);
  --scalar-color-blue: var(--pw-scalar-blue);
  --scalar-color-yellow: var(--pw-scalar-yellow);
  --scalar-color-red: var(--pw-scalar-red);
  --scalar-color-orange: var(--pw-scalar-orange);
  --scalar-color-purple: var(--pw-scalar-purple);
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
