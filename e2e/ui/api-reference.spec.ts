import type { Page } from "@playwright/test";
import { TEST_KEY_PLACEHOLDER } from "../../components/docs/scalar-configuration";
import { expect, firstAppId, newAccount, shoot, signUp, test } from "../fixtures/studio";

/**
 * The API reference at /docs/api: Scalar, bundled with the app, renders /v1/openapi.json (the
 * server's HTML holds no operation, so a summary on screen means the document was read and
 * rendered in the browser), loads nothing from another origin, and "Test Request" calls this
 * server with the key pasted into it.
 */

/** Every URL the page asks for, from the moment it is called. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

/** An operation's section in the reference (Scalar renders one per operation). */
const operation = (page: Page, summary: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: summary, exact: true }) });

for (const scheme of ["light", "dark"] as const) {
  test.describe(`the reference (${scheme})`, () => {
    test.use({ colorScheme: scheme });

    test(`renders the operations of /v1/openapi.json offline, in the app's theme (${scheme})`, async ({ page, baseURL, consoleErrors }) => {
      const urls = recordRequests(page);
      const documentRead = page.waitForResponse((res) => new URL(res.url()).pathname === "/v1/openapi.json" && res.status() === 200);

      await page.goto("/docs/api");
      await documentRead;
      await expect(page.getByRole("heading", { level: 1, name: "Programmable Worlds API" })).toBeVisible();
      await expect(operation(page, "Create a world (generate or import)")).toBeVisible();
      await expect(page.getByText("List worlds", { exact: true }).first()).toBeVisible();
      // Scalar's colours follow the app's theme class, not a toggle of its own.
      await expect(page.locator("body")).toHaveClass(new RegExp(`\\b${scheme}-mode\\b`));
      await shoot(page, `api-reference-${scheme}`, false);

      await page.waitForLoadState("networkidle");
      const origin = new URL(baseURL!).origin;
      expect(urls.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith("data:"))).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  });
}

test("Test Request sends an operation to this server with a pasted test key", async ({ page, baseURL, consoleErrors }) => {
  await signUp(page, newAccount("reference"));
  const appId = await firstAppId(page);
  const created = await page.request.post(`/v1/apps/${appId}/keys`, { data: { kind: "secret", mode: "test", name: "Reference" } });
  expect(created.status()).toBe(201);
  const { secret } = (await created.json()) as { secret: string };

  await page.goto("/docs/api");
  await page.getByText("List worlds", { exact: true }).first().click();
  const listWorlds = operation(page, "List worlds");
  await expect(listWorlds).toBeVisible();
  await shoot(page, "api-reference-operation", false);
  await listWorlds.getByRole("button", { name: "Test Request" }).click();

  const client = page.getByRole("dialog", { name: "API Client" });
  const token = client.getByPlaceholder("Token");
  await expect(token).toHaveValue(TEST_KEY_PLACEHOLDER);
  await token.fill(secret);
  const sent = page.waitForRequest((req) => new URL(req.url()).pathname === "/v1/worlds" && req.method() === "GET");
  const origin = new URL(baseURL!).origin;
  await client.getByRole("button", { name: `Send get request to ${origin}/v1/worlds`, exact: true }).click();
  const request = await sent;
  expect(new URL(request.url()).origin).toBe(origin);
  expect(request.headers()["authorization"]).toBe(`Bearer ${secret}`);
  await expect(client.getByText("200 OK")).toBeVisible();
  // The new app's test mode has no worlds yet: the body is this server's answer for this key.
  await expect(client).toContainText('"worlds": [],');
  await shoot(page, "api-reference-test-request", false);
  expect(consoleErrors).toEqual([]);
});
