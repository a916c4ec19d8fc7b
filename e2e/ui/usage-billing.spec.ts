// Issue 18 point 7: the app page plots the last 30 days (quotas, live play time per world, chat
// time) with recharts, and downloads the billing ledger as CSV. The e2e server runs with
// BILLING_ENABLED on (playwright.config.ts), so live play time is on the ledger.
import fs from "node:fs";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { asApp, expect, firstAppId, newAccount, signUp, test } from "../fixtures/studio";

const SHOTS = "/work/shots/usage";

/** RFC 4180 lines without quoted commas (the ledger's fields have none): header and rows. */
function parseCsv(text: string): string[][] {
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));
}

test("the app page charts 30 days of usage and exports the ledger as CSV", async ({ page, consoleErrors }) => {
  await signUp(page, newAccount("usage"));
  const appId = await firstAppId(page);
  const api = asApp(page.request, appId, "live");

  // A live world played for a few seconds (credited up to the wall time since the token was minted).
  const created = await api.post("/v1/worlds", { world: { ...makeSmallWorld(), name: "Harbor Run" }, name: "Harbor Run" });
  expect(created.status(), await created.text()).toBe(201);
  const worldId = (await created.json()).worldId as string;
  const minted = await (await api.post("/v1/sessions/token", { worldId })).json();
  const beat = (seconds: number) =>
    page.request.post("/v1/runtime/heartbeat", {
      headers: { authorization: `Bearer ${minted.token}` },
      data: { sessionId: minted.sessionId, seconds },
    });
  expect((await beat(0)).status()).toBe(200);
  let played = 0;
  await expect
    .poll(
      async () => {
        const body = await (await beat(60)).json();
        expect(body.billed).toBe(true);
        played = body.totalSeconds;
        return played;
      },
      { timeout: 15_000, intervals: [1000] },
    )
    .toBeGreaterThanOrEqual(3);

  await page.goto(`/apps/${appId}#usage-history`);
  const card = page.getByRole("region", { name: "Last 30 days" });
  await expect(card).toBeVisible();

  // Play time per world: recharts bars, the world named in the legend, the total in the caption.
  const play = card.getByRole("figure", { name: "Live play time per world" });
  // The chart library loads with the first chart: give a loaded machine time.
  await expect(play.locator(".recharts-bar-rectangle").first()).toBeVisible({ timeout: 30_000 });
  await expect(play.locator(".recharts-legend-item")).toContainText(["Harbor Run"]);
  await expect(play.locator("#play-summary")).toHaveText(/\d+ s$/);
  // Quotas: importing the world used a generation unit today.
  const quotas = card.getByRole("figure", { name: "Quota use" });
  await expect(quotas.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(quotas.locator(".recharts-legend-item")).toContainText(["World generations"]);
  // No chat yet: said plainly, not an empty chart.
  await expect(card.getByRole("figure", { name: "Chat time per character" })).toContainText("No live chat in these 30 days.");
  await expect(card.locator("[data-billing]")).toHaveAttribute("data-billing", "on");
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${SHOTS}/usage-history.png` });

  // The CSV: the ledger's rows, today's session_seconds among them.
  const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("button", { name: "Ledger CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^billing-ledger-live-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(fs.readFileSync((await download.path())!, "utf8"));
  expect(rows[0]).toEqual(["day", "mode", "metric", "amount", "unit"]);
  const today = new Date().toISOString().slice(0, 10);
  const session = rows.find((r) => r[0] === today && r[2] === "session_seconds");
  expect(session).toBeDefined();
  expect(session![1]).toBe("live");
  expect(Number(session![3])).toBeGreaterThanOrEqual(played);
  expect(session![4]).toBe("seconds");
  // The same number the API reports as billed today.
  const usage = await (await api.get("/v1/usage")).json();
  expect(Number(session![3])).toBe(usage.billing.sessionSeconds);
  expect(usage.billing.enabled).toBe(true);

  expect(consoleErrors).toEqual([]);
});
