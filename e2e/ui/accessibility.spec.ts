// Issue 18's accessibility pass: axe (WCAG 2 A/AA rules) on every Studio page, the sign-in and
// sign-up pages, the API reference and both embeds. No serious or critical violation passes.
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { asApp, expect, firstAppId, newAccount, signUp, test } from "../fixtures/studio";

const BOOK = fs.readFileSync(path.resolve("tests/fixtures/the-lamplighter-of-vell.md"), "utf8");
const WORLD_TABS = ["graph", "versions", "settings", "play", "vision", "scenarios", "simulation"] as const;

/** Runs axe on what the page shows now; fails on serious and critical violations, listed by rule and node. */
async function expectAccessible(page: Page, name: string, options: { include?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  const results = await builder.analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = blocking.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")} ${n.failureSummary?.split("\n")[1] ?? ""}`).join("\n")}`,
  );
  // Soft: one run reports every page's violations, not only the first page's.
  expect.soft(report, `${name}: axe violations`).toEqual([]);
}

test.describe("accessibility (axe)", () => {
  test("signed-out pages: landing, sign-in, sign-up, API reference", async ({ page }) => {
    for (const [url, ready] of [
      ["/", "Turn a premise"],
      ["/sign-in", "Sign in"],
      ["/sign-up", "Create"],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 }).first()).toContainText(ready);
      await expectAccessible(page, url);
    }
    // Scalar renders the reference from /v1/openapi.json in the browser: slow on a loaded machine.
    test.setTimeout(150_000);
    const documentRead = page.waitForResponse((res) => new URL(res.url()).pathname === "/v1/openapi.json" && res.status() === 200, {
      timeout: 60_000,
    });
    await page.goto("/docs/api");
    await documentRead;
    await expect(page.getByRole("heading", { level: 1, name: "Programmable Worlds API" })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("main").getByRole("region").first()).toBeVisible();
    // The whole page, Scalar's widget included: its own faults are repaired in the page
    // (components/docs/scalar-a11y.ts) and its colours mapped to contrast-checked ones.
    await expect(page.locator('button[aria-label="Search the reference"]')).toBeVisible();
    await expectAccessible(page, "/docs/api");
    // And in the dark theme, whose palette is its own.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(page.locator("html.dark")).toHaveCount(1);
    await expect(page.locator('button[aria-label="Search the reference"]')).toBeVisible({ timeout: 60_000 });
    await expectAccessible(page, "/docs/api (dark)");
  });

  test("Studio pages and both embeds", async ({ page }) => {
    // Fifteen pages, each loaded and scanned, on a machine shared with other builds.
    test.setTimeout(420_000);
    await signUp(page, newAccount("a11y"));
    const appId = await firstAppId(page);
    const live = asApp(page.request, appId, "live");

    const world = await live.post("/v1/worlds", { world: makeSmallWorld(), name: "Axe Harbor" });
    expect(world.status(), await world.text()).toBe(201);
    const worldId = (await world.json()).worldId as string;
    const character = await live.post("/v1/characters", { name: "Wren", persona: "You are Wren, keeper of the harbour light." });
    expect(character.status(), await character.text()).toBeLessThan(300);
    const characterId = (await character.json()).id as string;
    const campaign = await live.post("/v1/campaigns", { text: BOOK, target_acts: 2 });
    expect(campaign.status(), await campaign.text()).toBeLessThan(300);
    const campaignId = (await campaign.json()).campaignId as string;

    await page.goto("/creations");
    await expect(page.getByRole("heading", { level: 1, name: "My Creations" })).toBeVisible();
    await expect(page.getByText("Axe Harbor").first()).toBeVisible();
    await expectAccessible(page, "/creations");

    for (const tab of WORLD_TABS) {
      await page.goto(`/worlds/${worldId}${tab === "graph" ? "" : `?tab=${tab}`}`);
      await expect(page.getByRole("tablist", { name: "World" }).getByRole("tab", { selected: true })).toHaveAttribute(
        "id",
        new RegExp(`-tab-${tab}$`),
      );
      await expect(page.getByRole("tabpanel").first()).toBeVisible();
      // Panels load their data after the tab opens.
      await page.waitForLoadState("networkidle").catch(() => undefined);
      await expectAccessible(page, `/worlds/{id}?tab=${tab}`);
    }

    await page.goto(`/apps/${appId}`);
    await expect(page.getByRole("region", { name: "Last 30 days" })).toBeVisible();
    await expect(page.getByRole("region", { name: "API keys" })).toBeVisible();
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await expectAccessible(page, "/apps/{id}");

    await page.goto(`/campaigns/${campaignId}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page, "/campaigns/{id}");

    await page.goto(`/characters/${characterId}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await expectAccessible(page, "/characters/{id}");

    // The embeds, opened with a session token as a partner's page frames them.
    const worldToken = (await (await live.post("/v1/sessions/token", { worldId })).json()).token as string;
    await page.goto(`/embed/w/${worldId}#token=${encodeURIComponent(worldToken)}`);
    await expect(page.locator("#pw")).not.toHaveClass(/is-loading/);
    await expect(page.locator(".pw-actions button").first()).toBeVisible();
    await expectAccessible(page, "/embed/w/{id}");

    const characterToken = (await (await live.post("/v1/sessions/token", { characterId })).json()).token as string;
    await page.goto(`/embed/c/${characterId}#token=${encodeURIComponent(characterToken)}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Wren");
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await expectAccessible(page, "/embed/c/{id}");
  });
});
