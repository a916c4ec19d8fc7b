import type { Page } from "@playwright/test";
import { appIdFromUrl, expect, newAccount, signUp, test } from "../fixtures/studio";

/**
 * Screenshots of the main surfaces, light and dark, saved to e2e/artifacts/ for review
 * (they are artifacts, not visual baselines). Each run also asserts a clean console.
 */
const ARTIFACTS = "e2e/artifacts";

async function shoot(page: Page, name: string, scheme: string, fullPage = true) {
  // Let fonts and enter animations settle so that the picture is what a person sees.
  await page.evaluate(() => document.fonts.ready);
  // A focused element may have scrolled the page; a full-page picture starts from the top.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${ARTIFACTS}/${name}-${scheme}.png`, fullPage, animations: "disabled" });
}

for (const scheme of ["light", "dark"] as const) {
  test.describe(`screenshots (${scheme})`, () => {
    test.use({ colorScheme: scheme });

    test(`landing, auth pages, Studio and app settings (${scheme})`, async ({ page, consoleErrors }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(scheme === "dark");
      await shoot(page, "landing", scheme);

      await page.goto("/sign-in");
      await shoot(page, "sign-in", scheme);
      await page.goto("/sign-up");
      await shoot(page, "sign-up", scheme);

      await signUp(page, newAccount(`shots-${scheme}`));
      await shoot(page, "studio-creations", scheme);

      await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "My first app" }).click();
      await expect(page.getByText("No keys yet")).toBeVisible();
      await shoot(page, "app-settings-empty", scheme);

      // A lived-in app: a few keys, one revoked, one origin.
      const appId = appIdFromUrl(page);
      const create = (body: object) => page.request.post(`/v1/apps/${appId}/keys`, { data: body });
      await create({ kind: "publishable", mode: "test", name: "Website preview" });
      await create({ kind: "secret", mode: "live", name: "Production server" });
      const old = await (await create({ kind: "secret", mode: "test", name: "Old laptop" })).json();
      await page.request.delete(`/v1/apps/${appId}/keys/${old.id}`);
      await page.request.patch(`/v1/apps/${appId}`, { data: { embedOrigins: ["https://play.example.com"] } });
      await page.reload();
      await expect(page.getByRole("row", { name: /Production server/ })).toBeVisible();

      await page.getByRole("button", { name: "Create key" }).click();
      const dialog = page.getByRole("dialog", { name: "Create API key" });
      await dialog.getByLabel("Name", { exact: true }).fill("CI runner");
      await shoot(page, "create-key-dialog", scheme, false);
      await dialog.getByRole("button", { name: "Create key" }).click();
      await expect(page.getByRole("region", { name: "Copy your new key now" })).toBeVisible();
      await shoot(page, "app-settings", scheme);

      await page.getByRole("button", { name: /saved this key/ }).click();
      await page.getByRole("button", { name: /^Revoke CI runner/ }).click();
      await shoot(page, "revoke-dialog", scheme, false);
      await page.getByRole("dialog", { name: "Revoke API key?" }).getByRole("button", { name: "Cancel" }).click();

      await page.getByRole("button", { name: /Account menu/ }).click();
      await shoot(page, "user-menu", scheme, false);
      await page.keyboard.press("Escape");

      expect(consoleErrors).toEqual([]);
    });
  });
}

test.describe("screenshots (narrow)", () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: "light" });

  test("the Studio on a phone-sized screen", async ({ page, consoleErrors }) => {
    await page.goto("/");
    await shoot(page, "landing-narrow", "light");
    await signUp(page, newAccount("narrow"));
    await page.getByRole("button", { name: "Open navigation" }).click();
    await shoot(page, "studio-drawer-narrow", "light", false);
    await page.getByRole("dialog", { name: "Navigation" }).getByRole("link", { name: "My first app" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My first app" })).toBeVisible();
    await shoot(page, "app-settings-narrow", "light");
    expect(consoleErrors).toEqual([]);
  });
});
