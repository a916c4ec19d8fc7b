import type { Page } from "@playwright/test";
import { asApp, expect, firstAppId, newAccount, shoot, test } from "../fixtures/studio";

/**
 * The Studio's Scenarios tab (issue 15), end to end against the real API and batch job: on a
 * live lighthouse world (the local painter draws it knowably: a lamp in the lamp room, none in
 * the cellar), a plan is composed in the page (a walk of one step, the same walk at night and in
 * rain, and a what-if that sends the stairs into the cellar; the last frame must show a lamp and
 * no dragon; manual review). The world changes behind the page first, so the API refuses the
 * plan with a 422 whose errors show beside each clip; once the world is back the plan is sent,
 * the batch is watched to its end (the variations wait for review, the what-if is rejected), one
 * clip is accepted (charged once) and one rejected. Screenshots: e2e/artifacts/scenarios-*.png.
 */

const state = (id: string, base: string, extra: Record<string, unknown> = {}) => ({ id, base, ...extra });
const event = (from: string, name: string, to: string | undefined, hotkey: string, base = "") => ({
  from,
  ...(to ? { to } : {}),
  name,
  base,
  detail: "",
  hotkey,
});

/** The clip renderer's test world (tests/support/scenarios.ts `lighthouseWorld`). */
const LIGHTHOUSE = {
  id: "w-scn",
  name: "Lighthouse",
  description: "A keeper and a lighthouse",
  cover: "",
  subject: "a lighthouse keeper",
  entrance: { image: { src: "", label: "The shore" }, state: "shore" },
  scene: {
    states: {
      shore: state("shore", "A lighthouse above a stormy sea at dawn", {
        variants: [{ id: "wreck", label: "Wreck", base: "A wrecked ship below the lighthouse" }],
      }),
      lamp: state("lamp", "The lamp room at the top of the lighthouse, a great lamp"),
      cellar: state("cellar", "A damp cellar with barrels"),
      end: state("end", "A boat on the open sea", { ending: { isEnding: true, outcome: "good", title: "Away", text: "You sail away" } }),
    },
    events: [
      event("shore", "climb", "lamp", "1"),
      event("shore", "look", undefined, "q", "The keeper scans the horizon"),
      event("lamp", "sail", "end", "1"),
      event("cellar", "sail", "end", "1"),
    ],
  },
};

/** A screenshot of the whole tab: the workspace scrolls inside itself, so the window is made tall enough. */
async function shootTab(page: Page, name: string, width = 1280) {
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width, height: 2600 });
  await page.getByRole("tabpanel", { name: "Scenarios" }).evaluate((el) => el.scrollTo(0, 0));
  await shoot(page, name, false);
  await page.setViewportSize(viewport);
}

test.describe("Studio: the Scenarios tab", () => {
  test("composes a plan, sends it, watches it finish and reviews its clips", async ({ page, consoleErrors }) => {
    test.setTimeout(600_000);
    // Sign up (the server hashes the password; on a busy machine that takes a while).
    const account = newAccount("scenarios");
    await page.goto("/sign-up");
    await page.getByLabel("Name").fill(account.name);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My Creations" })).toBeVisible({ timeout: 120_000 });
    const appId = await firstAppId(page);
    const api = asApp(page.request, appId, "live");
    const created = await api.post("/v1/worlds", { world: LIGHTHOUSE });
    expect(created.status(), await created.text()).toBe(201);
    const { worldId } = await created.json();

    await page.goto(`/worlds/${worldId}?tab=scenarios`);
    const panel = page.getByRole("tabpanel", { name: "Scenarios" });
    await expect(panel.getByRole("heading", { name: "New plan" })).toBeVisible();
    await expect(panel.getByRole("list", { name: "Batches" }).or(panel.getByText("No batches yet"))).toBeVisible();

    // The walk: from the entrance, one step chosen among the shore's exits.
    await expect(panel.getByLabel("Start in")).toHaveValue("shore");
    await panel.getByRole("button", { name: /climb\s*→ lamp/ }).click();
    await expect(panel.getByTestId("scenario-walk")).toContainText("shore");
    await expect(panel.getByTestId("scenario-walk")).toContainText("lamp");
    await expect(panel.getByRole("heading", { name: "Next step from lamp" })).toBeVisible();

    // Clips: the first one (night) is there; rain from the pairing helper; a what-if into the cellar.
    const clips = panel.getByTestId("plan-clip");
    await expect(clips).toHaveCount(1);
    await expect(clips.first().getByLabel("Time of day")).toHaveValue("night");
    await panel.getByRole("group", { name: "Weathers" }).getByRole("button", { name: "Rain" }).click();
    await panel.getByRole("button", { name: "Add 1 clip" }).click();
    await expect(clips).toHaveCount(2);
    await expect(clips.nth(1).getByLabel("Weather")).toHaveValue("rain");
    await panel.getByRole("button", { name: "What if…" }).click();
    await expect(clips).toHaveCount(3);
    const whatIf = clips.nth(2);
    await whatIf.getByLabel("Step to change").selectOption({ label: "1. climb (shore → lamp)" });
    await whatIf.getByLabel("Leads to instead").selectOption("cellar");
    // Sent without its prose first: the composer's own check (the API's schema) names the field.
    await panel.getByRole("button", { name: "Make 3 clips" }).click();
    await expect(whatIf.getByTestId("clip-errors")).toContainText("What happens instead: write something here");
    await whatIf.getByLabel("What happens instead").fill("The stairs give way into the cellar");
    await expect(whatIf.getByTestId("clip-errors")).toHaveCount(0);
    await expect(whatIf).toContainText("What if “climb” led to cellar");

    await panel.getByLabel("Should show").fill("lamp");
    await panel.getByLabel("Should not show").fill("dragon");
    await panel.getByText("Manual", { exact: true }).click();
    await panel.getByLabel("Name (optional)").fill("Night and rain on the stairs");
    await expect(panel.getByTestId("plan-count")).toContainText("3 clips");
    await expect(panel.getByTestId("plan-count")).toContainText("2 frames each");
    await shootTab(page, "scenarios-compose");

    // The world changes behind the page (the event is renamed): the API refuses the plan, clip by clip.
    const rename = (from: string, to: string) =>
      api.post(`/v1/worlds/${worldId}/ops`, { ops: [{ op: "update_event", from: "shore", name: from, patch: { name: to } }] });
    expect((await rename("climb", "ascend")).status()).toBe(200);
    const refused = page.waitForResponse((r) => r.url().endsWith("/v1/scenario-batches") && r.request().method() === "POST");
    await panel.getByRole("button", { name: "Make 3 clips" }).click();
    expect((await refused).status()).toBe(422);
    await expect(panel.getByText("The API refused the plan")).toBeVisible();
    for (let i = 0; i < 3; i++)
      await expect(clips.nth(i).getByTestId("clip-errors")).toContainText('Walk: no event "climb" leaves "shore"');
    await shootTab(page, "scenarios-refused");

    // Back as it was: the same plan goes through.
    expect((await rename("ascend", "climb")).status()).toBe(200);
    const sent = page.waitForResponse((r) => r.url().endsWith("/v1/scenario-batches") && r.request().method() === "POST");
    await panel.getByRole("button", { name: "Make 3 clips" }).click();
    const started = await sent;
    expect(started.status()).toBe(202);
    const { batchId } = await started.json();
    expect(started.request().postDataJSON()).toMatchObject({
      worldId,
      name: "Night and rain on the stairs",
      review: "manual",
      clips: [
        {
          kind: "variation",
          from: "shore",
          path: ["climb"],
          apply: { timeOfDay: "night" },
          expect: { reach: "lamp", visible: ["lamp"], absent: ["dragon"] },
        },
        { kind: "variation", from: "shore", path: ["climb"], apply: { weather: "rain" }, expect: { reach: "lamp" } },
        {
          kind: "counterfactual",
          replace: { event: "climb", with: { to: "cellar", base: "The stairs give way into the cellar" } },
          expect: { reach: "cellar" },
        },
      ],
    });

    // Watched live: a progress bar and a card per clip, until the batch finishes.
    const batch = panel.getByTestId("batch-view");
    await expect(batch).toBeVisible();
    await expect(batch.getByRole("heading", { name: /Night and rain on the stairs/ })).toBeVisible();
    await expect(batch.getByRole("progressbar", { name: "Batch progress" })).toBeVisible();
    await expect(batch.getByTestId("clip-card")).toHaveCount(3);
    await shoot(page, "scenarios-running", false);
    await expect(batch).toHaveAttribute("data-status", "completed", { timeout: 420_000 });
    await expect(batch.getByRole("progressbar", { name: "Batch progress" })).toHaveAttribute("aria-valuenow", "100");

    const cards = batch.getByTestId("clip-card");
    await expect(cards.nth(0)).toHaveAttribute("data-status", "pending_review");
    await expect(cards.nth(1)).toHaveAttribute("data-status", "pending_review");
    await expect(cards.nth(2)).toHaveAttribute("data-status", "rejected");
    await expect(cards.nth(0)).toContainText("Needs your review");
    await expect(cards.nth(0).getByRole("list", { name: /Checks of Clip 1/ })).toContainText("Shows “lamp”");
    await expect(cards.nth(0).getByRole("list", { name: /Checks of Clip 1/ })).toContainText("Does not show “dragon”");
    await expect(cards.nth(2).locator('li[data-pass="false"]')).toContainText("Shows “lamp”");
    await expect(cards.nth(2).getByRole("button", { name: /Accept/ })).toHaveCount(0);
    // The animated previews are real GIFs the browser decoded.
    const preview = cards.nth(0).getByRole("img", { name: /Animated preview of Clip 1/ });
    await expect(preview).toHaveJSProperty("complete", true);
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shootTab(page, "scenarios-finished");

    // Manual review: accept the night clip (charged once, live), reject the rain clip (never charged).
    await cards
      .nth(0)
      .getByRole("button", { name: /^Accept Clip 1/ })
      .click();
    await expect(cards.nth(0)).toHaveAttribute("data-status", "accepted");
    await expect(cards.nth(0)).toContainText("Charged");
    await cards
      .nth(1)
      .getByRole("button", { name: /^Reject Clip 2/ })
      .click();
    await expect(cards.nth(1)).toHaveAttribute("data-status", "rejected");
    await expect(batch.getByTestId("batch-counts")).toContainText("1 accepted");
    await expect(batch.getByTestId("batch-counts")).toContainText("2 rejected");
    const read = await (await api.get(`/v1/scenario-batches/${batchId}`)).json();
    expect(read.clips.map((c: { status: string; charged: boolean }) => [c.status, c.charged])).toEqual([
      ["accepted", true],
      ["rejected", false],
      ["rejected", false],
    ]);
    const usage = await (await api.get("/v1/usage")).json();
    expect(usage.billing.scenarioClips).toBe(1);

    // The batches list holds it, with its outcome.
    const row = panel.getByRole("list", { name: "Batches" }).getByRole("button", { name: /Night and rain on the stairs/ });
    await expect(row).toContainText("Finished");
    await expect(row).toContainText("3/3 clips · 1 accepted");

    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/dark/);
    await shootTab(page, "scenarios-reviewed-dark");
    await shootTab(page, "scenarios-narrow-dark", 390);
    // The one failed request is the refusal the test provoked.
    expect(consoleErrors.filter((e) => !/status of 422/.test(e))).toEqual([]);
  });
});
