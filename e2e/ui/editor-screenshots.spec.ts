import type { Page } from "@playwright/test";
import { expect, newAccount, signUp, test } from "../fixtures/studio";
import { createWorld, firstAppId, goTo, node, openEditor, problems, storyWorld } from "../fixtures/editor";

/**
 * The world editor (issue 6, point 2) on a 40-state world, in light and dark: the opening view,
 * the whole world, a selected state and transition, the Problems panel with live lints and the
 * shortcuts dialog, saved to e2e/artifacts/editor-*.png for review.
 */

const ARTIFACTS = "e2e/artifacts";

async function shoot(page: Page, name: string, scheme: string, target?: Parameters<Page["screenshot"]>[0]) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${ARTIFACTS}/editor-${name}-${scheme}.png`, animations: "disabled", ...target });
}

for (const scheme of ["light", "dark"] as const) {
  test.describe(`editor screenshots (${scheme})`, () => {
    test.use({ colorScheme: scheme, viewport: { width: 1440, height: 900 } });

    test(`a 40-state world, the inspector and the Problems panel (${scheme})`, async ({ page, consoleErrors }) => {
      await signUp(page, newAccount(`editor-shots-${scheme}`));
      const appId = await firstAppId(page.request);
      const world = storyWorld();
      expect(Object.keys(world.scene.states)).toHaveLength(40);
      const worldId = await createWorld(page.request, appId, world);
      await openEditor(page, worldId);
      await shoot(page, "open", scheme);

      // The whole world: zoomed out, the canvas shows its shape with large state ids.
      await page.keyboard.press("f");
      await expect(page.locator(".pw-canvas[data-far]")).toBeVisible();
      await shoot(page, "overview", scheme);

      // A state selected at a readable zoom: thumbnail, badges, chips, the inspector.
      await goTo(page, "harbor");
      await shoot(page, "state", scheme);

      await page.locator(".pw-edge-label", { hasText: "Go to the pier" }).click();
      await expect(page.getByTestId("inspector-title")).toHaveText("Go to the pier");
      await shoot(page, "transition", scheme);

      // The Problems panel with live lints of a state being drafted.
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");
      await page.keyboard.press("n");
      await page.keyboard.type("driftwood");
      await problems(page).getByRole("button", { name: "Problems" }).click();
      await expect(problems(page).getByRole("button", { name: /Nothing leads to “Driftwood”/ })).toBeVisible();
      await shoot(page, "problems", scheme);
      await shoot(page, "problems-panel", scheme, {
        clip: await problems(page)
          .boundingBox()
          .then((b) => b!),
      });

      await page.keyboard.press("Escape"); // out of the field
      await page.keyboard.press("Escape"); // cancels the state not created yet
      await expect(node(page, "driftwood")).toHaveCount(0);
      await page.keyboard.press("?");
      await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
      await shoot(page, "shortcuts", scheme);
      await page.keyboard.press("Escape");

      expect(consoleErrors).toEqual([]);
    });
  });
}
