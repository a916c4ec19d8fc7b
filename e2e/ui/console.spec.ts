import { expect, newAccount, signUp, test } from "../fixtures/studio";

test("no console errors on the landing, auth and Studio pages", async ({ page, consoleErrors }) => {
  for (const path of ["/", "/sign-in", "/sign-up"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await signUp(page, newAccount("console"));
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Open Studio" }).first()).toBeVisible();
  await page.getByRole("link", { name: "Open Studio" }).first().click();
  await expect(page).toHaveURL(/\/creations$/);

  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "My first app" }).click();
  await expect(page.getByText("No keys yet")).toBeVisible();
  await page.getByRole("button", { name: "Create key" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Create API key" })).toBeHidden();

  // An unknown app is a 404 page inside the Studio, not a crash.
  await page.goto("/apps/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "App not found" })).toBeVisible();

  // A 404 document logs "Failed to load resource"; that one is expected, nothing else is.
  expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});
