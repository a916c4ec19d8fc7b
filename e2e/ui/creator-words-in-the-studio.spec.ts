import type { APIRequestContext, Page } from "@playwright/test";
import { canvasName, type World } from "../../lib/kernel";
import { asApp, expect, firstAppId, generateWorld, newAccount, signUp, test } from "../fixtures/studio";

// Issue 31, point 4: a creator's words in the Studio. Events without a target are "in-place
// actions" (the API's "overrides"), versions are named by title and time (never "rev a64b356"),
// the inspector names states as the canvas does with the id beside, and the Vision tab says an
// answer read from a painted frame's manifest comes "from the painter's record".

const SHOTS = "/work/shots/studio";
const shot = async (page: Page, name: string) => {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: "disabled" });
};
const inspector = (page: Page) => page.getByRole("complementary", { name: "Inspector" });

test("the Studio speaks of in-place actions, named states, titled versions and the painter's record", async ({ page, consoleErrors }) => {
  test.setTimeout(180_000);
  await signUp(page, newAccount("words"));
  const appId = await firstAppId(page);
  const api = asApp(page.request as APIRequestContext, appId);
  const worldId = await generateWorld(api, "A storm drowns the old harbour station and a keeper must save the lamp");
  const world = (await (await api.get(`/v1/worlds/${worldId}`)).json()).world as World;
  const inPlace = world.scene.events.filter((e) => e.to === undefined);
  expect(inPlace.length).toBeGreaterThan(0);
  const [stateId, state] = Object.entries(world.scene.states).find(
    ([id, s]) => id !== world.entrance.state && canvasName(s, world) !== id,
  )!;
  const name = canvasName(state, world);

  await page.goto(`/worlds/${worldId}`);
  await expect(page.locator(".pw-canvas[data-ready]")).toBeVisible({ timeout: 30_000 });
  // The world's counts: in-place actions, not overrides.
  await expect(inspector(page)).toContainText("In-place actions");
  await expect(inspector(page)).not.toContainText("Overrides");
  // The header shows no rev.
  await expect(page.locator("header").first()).not.toContainText(/\brev [0-9a-f]{7}\b/);

  // A state in the inspector: the canvas's name, the id beside it.
  await page.locator(`.react-flow__node[data-id="${stateId}"]`).click();
  await expect(inspector(page).getByTestId("inspector-title")).toContainText(name);
  await expect(inspector(page).getByTestId("inspector-state-id")).toHaveText(stateId);
  await expect(inspector(page)).toContainText("in-place actions play where the player is");
  await shot(page, "inspector-state-named");

  // An in-place action: so named, on a state named as the canvas names it; the pickers list names with ids.
  const action = inPlace.find((e) => e.from === stateId) ?? inPlace[0]!;
  const fromName = canvasName(world.scene.states[action.from]!, world);
  await page.locator(`.react-flow__node[data-id="${action.from}"]`).click();
  await inspector(page)
    .getByRole("button", { name: new RegExp(action.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
    .first()
    .click();
  await expect(inspector(page)).toContainText("In-place action");
  await expect(inspector(page)).toContainText(`Plays in place on ${fromName}`);
  await expect(inspector(page).getByRole("combobox", { name: "From" }).locator("option:checked")).toHaveText(
    fromName === action.from ? action.from : `${fromName} · ${action.from}`,
  );
  await shot(page, "inspector-in-place-action");

  // Versions: by title and time.
  await page.getByRole("tab", { name: "Versions" }).click();
  const tree = page.getByRole("tree", { name: "Version tree" });
  await page.getByLabel("Snapshot the working graph").fill("Before the storm");
  await page.getByRole("button", { name: "Snapshot", exact: true }).click();
  const snapshot = tree.getByRole("treeitem", { name: /^Before the storm/ });
  await expect(snapshot).toContainText(/taken (just now|\d+ (second|minute)s? ago)/);
  await expect(tree).not.toContainText(/\b[0-9a-f]{7}\b/);
  await expect(tree.getByRole("treeitem", { name: /Working graph/ })).toContainText("same as HEAD");
  await expect(page.getByRole("tabpanel", { name: "Versions" })).not.toContainText(/\brev\b/i);
  await shot(page, "versions-by-title-and-time");

  // Vision on the painted entrance frame: the answer comes from the painter's record, not a detector's score.
  await page.getByRole("tab", { name: "Vision" }).click();
  const panel = page.getByRole("tabpanel", { name: "Vision" });
  const manifestUrl = (world.entrance.image as { manifest?: string }).manifest!;
  const labels: string[] = (await (await page.request.get(manifestUrl)).json()).objects.map((o: { label: string }) => o.label);
  expect(labels.length).toBeGreaterThan(0);
  await panel.getByLabel("Find").fill(labels.slice(0, 2).join(", "));
  await panel.getByRole("button", { name: "Find" }).click();
  await expect(panel.getByText("local · from the painter's record")).toBeVisible();
  await expect(panel.getByTestId("vision-found")).toContainText("from the painter's record");
  await expect(panel.getByTestId("vision-box").first()).not.toContainText(/100\s?%/);
  await shot(page, "vision-painters-record");
  expect(consoleErrors).toEqual([]);
});
