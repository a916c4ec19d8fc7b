import { expect, newAccount, signUp, test } from "../fixtures/studio";
import { createWorld, field, firstAppId, getWorld, goTo, inspector, node, openEditor, problems, storyWorld } from "../fixtures/editor";

/**
 * The world editor (issue 6, point 2) in Debian's Chromium against the built app: editing
 * through the inspector and the canvas, live lints, undo/redo, keyboard-only use, the 412 and
 * 422 paths and the 404 page. Its screenshots are in editor-screenshots.spec.ts.
 */

test.describe("world editor", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("add a state and a transition, lints appear and clear, undo and redo, keyboard-only add", async ({ page, consoleErrors }) => {
    await signUp(page, newAccount("editor"));
    const appId = await firstAppId(page.request);
    const worldId = await createWorld(page.request, appId, storyWorld());
    await openEditor(page, worldId);

    await expect(page.getByRole("heading", { level: 1, name: "The Lighthouse Keeper" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Graph" })).toHaveAttribute("aria-selected", "true");
    await expect(node(page, "harbor")).toContainText("Entrance");
    await expect(problems(page).getByTestId("problems-count-error")).toHaveText("0");
    await expect(problems(page).getByTestId("problems-count-warning")).toHaveText("0");

    // A new state from the toolbar: its lints show in the Problems panel while it is typed.
    await page.getByRole("button", { name: /^State/ }).click();
    await expect(field(page, "id")).toBeFocused();
    await field(page, "id").fill("boathouse");
    await field(page, "base").fill("An old boathouse, its doors swollen shut by the sea.");
    await problems(page).getByRole("button", { name: "Problems" }).click();
    const unreachable = problems(page).getByRole("button", { name: /Nothing leads to “Boathouse”, so players can never get there/ });
    const deadEnd = problems(page).getByRole("button", { name: /“Boathouse” is a dead end/ });
    await expect(unreachable).toBeVisible();
    await expect(deadEnd).toBeVisible();
    await inspector(page)
      .getByRole("button", { name: /Create state/ })
      .click();
    await expect(inspector(page).getByText("All changes saved")).toBeVisible();
    await expect(node(page, "boathouse")).toBeVisible();
    await expect(unreachable).toBeVisible();

    // Clicking a problem selects its state and the field its loc names.
    await problems(page)
      .getByRole("button", { name: /Camera › Static of “Boathouse” is empty/ })
      .click();
    await expect(field(page, "camera.static")).toBeFocused();
    await field(page, "camera.static").fill("wide shot from the water");
    await field(page, "camera.dynamic").fill("drift along the hull");
    await field(page, "movement.static").fill("{hero} leans on the door");
    await field(page, "movement.dynamic").fill("{hero} forces the door");
    await page.keyboard.press("Control+s");
    await expect(problems(page).getByRole("button", { name: /Camera › Static of “Boathouse” is empty/ })).toBeHidden();

    // A transition into it from the harbor: unreachable clears.
    await page.keyboard.press("Escape");
    await goTo(page, "harbor");
    await inspector(page).getByRole("button", { name: "Add event" }).click();
    await expect(field(page, "name")).toBeFocused();
    await field(page, "to").selectOption("boathouse");
    await field(page, "name").fill("Row to the boathouse");
    await expect(field(page, "hotkey")).toHaveValue("4");
    await field(page, "base").fill("{hero} rows along the seawall.");
    await inspector(page)
      .getByRole("button", { name: /Create event/ })
      .click();
    await expect(inspector(page).getByText("All changes saved")).toBeVisible();
    await expect(unreachable).toBeHidden();
    await expect(deadEnd).toBeVisible();
    await expect(page.locator(".pw-edge-label", { hasText: "Row to the boathouse" })).toHaveCount(1);

    // Keyboard only: back to the canvas, select the new state, add its way out, save.
    await page.keyboard.press("Escape"); // out of the field
    await goTo(page, "boathouse");
    await page.keyboard.press("e");
    await expect(field(page, "name")).toBeFocused();
    await page.keyboard.press("Control+a");
    await page.keyboard.type("Back to the harbor");
    await page.keyboard.press("Shift+Tab");
    await expect(field(page, "to")).toBeFocused();
    await page.keyboard.type("harbor");
    await expect(field(page, "to")).toHaveValue("harbor");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(field(page, "base")).toBeFocused();
    await page.keyboard.type("{hero} rows back.");
    await page.keyboard.press("Control+Enter");
    await expect(inspector(page).getByText("All changes saved")).toBeVisible();
    await expect(deadEnd).toBeHidden();
    let stored = await getWorld(page.request, appId, worldId);
    expect(stored.world.scene.events).toContainEqual(
      expect.objectContaining({ from: "boathouse", to: "harbor", name: "Back to the harbor", hotkey: "1" }),
    );

    // Undo and redo over op batches.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+z");
    await expect(page.getByRole("status").filter({ hasText: /Undid: Create event “Back to the harbor”/ })).toBeVisible();
    await expect(deadEnd).toBeVisible();
    stored = await getWorld(page.request, appId, worldId);
    expect(stored.world.scene.events.some((e: { name: string }) => e.name === "Back to the harbor")).toBe(false);
    await page.keyboard.press("Control+Shift+z");
    await expect(page.getByRole("status").filter({ hasText: /Redid: Create event “Back to the harbor”/ })).toBeVisible();
    await expect(deadEnd).toBeHidden();

    // Keyboard-only new state: N, type, save; delete it with Delete and bring it back with undo.
    await page.keyboard.press("n");
    await expect(field(page, "id")).toBeFocused();
    await page.keyboard.type("tide-pool");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Anemones open in a pool left by the tide.");
    await page.keyboard.press("Control+s");
    await expect(node(page, "tide-pool")).toBeVisible();
    await expect(page.getByTestId("inspector-title")).toContainText("tide-pool");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Delete");
    await expect(node(page, "tide-pool")).toBeHidden();
    await page.keyboard.press("Control+z");
    await expect(node(page, "tide-pool")).toBeVisible();

    // Tabs switch from the keyboard.
    await page.keyboard.press("Alt+3");
    await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Alt+1");
    await expect(page.getByRole("tab", { name: "Graph" })).toHaveAttribute("aria-selected", "true");

    expect(consoleErrors).toEqual([]);
  });

  test("a write behind the editor's back is a 412 banner; a refused batch shows the gate's diagnostics; input is kept", async ({
    page,
    consoleErrors,
  }) => {
    await signUp(page, newAccount("editor-412"));
    const appId = await firstAppId(page.request);
    const worldId = await createWorld(page.request, appId, storyWorld("Conflicts"));
    await openEditor(page, worldId);

    await goTo(page, "market");
    await field(page, "base").fill("The market is empty; only the wind moves the awnings.");

    // Someone else changes the world (a fresh rev) while this edit is open.
    const behind = await page.request.post(`/v1/worlds/${worldId}/ops`, {
      headers: { "x-app-id": appId, "x-app-mode": "live" },
      data: { ops: [{ op: "update_state", id: "harbor", patch: { base: "Changed elsewhere." } }] },
    });
    expect(behind.status()).toBe(200);

    await page.keyboard.press("Control+s");
    const banner = page.getByRole("alert").filter({ hasText: "This world changed elsewhere" });
    await expect(banner).toBeVisible();
    await expect(field(page, "base")).toHaveValue("The market is empty; only the wind moves the awnings.");
    await banner.getByRole("button", { name: "Reload" }).click();
    await expect(banner).toBeHidden();
    await expect(field(page, "base")).toHaveValue("The market is empty; only the wind moves the awnings.");
    await inspector(page).getByRole("button", { name: /^Save/ }).click();
    await expect(inspector(page).getByText("All changes saved")).toBeVisible();
    const stored = await getWorld(page.request, appId, worldId);
    expect(stored.world.scene.states.market.base).toBe("The market is empty; only the wind moves the awnings.");
    expect(stored.world.scene.states.harbor.base).toBe("Changed elsewhere.");

    // A duplicate hotkey is an error lint as it is typed; saving anyway is refused with 422.
    await inspector(page)
      .getByRole("button", { name: /Go to the well/ })
      .click();
    await expect(field(page, "hotkey")).toHaveValue("2");
    await field(page, "hotkey").fill("1");
    await expect(inspector(page).getByText(/Two events of “Market” use the key “1”/)).toBeVisible();
    await expect(problems(page).getByTestId("problems-count-error")).toHaveText("1");
    await inspector(page).getByRole("button", { name: /^Save/ }).click();
    const refused = inspector(page).getByRole("alert").filter({ hasText: "This change did not pass the checks" });
    await expect(refused).toBeVisible();
    await expect(refused).toContainText("E007");
    await expect(field(page, "hotkey")).toHaveValue("1");
    await field(page, "hotkey").fill("5");
    await inspector(page).getByRole("button", { name: /^Save/ }).click();
    await expect(refused).toBeHidden();
    await expect(problems(page).getByTestId("problems-count-error")).toHaveText("0");

    // Chromium logs every 4xx answer as "Failed to load resource"; the 412 and the 422 above are
    // the ones this test provokes. Nothing else may appear.
    const provoked = /status of (412|422) .*\/v1\/worlds\/[0-9a-f-]+\/ops\)$/;
    expect(consoleErrors.filter((e) => !provoked.test(e))).toEqual([]);
    expect(consoleErrors).toHaveLength(2);
  });

  test("an unknown world is a 404 page", async ({ page, consoleErrors }) => {
    await signUp(page, newAccount("editor-404"));
    await page.goto("/worlds/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "World not found" })).toBeVisible();
    expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});
