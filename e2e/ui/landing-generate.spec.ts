// The landing page's "Generate" leads into the create flow with its premise, signed in or through sign-in.
import { expect, newAccount, signUp, test } from "../fixtures/studio";

const SHOTS = "/work/shots/usage";
const PREMISE = "What if a lighthouse keeper could rewind the tide?";

test("the landing page's Generate opens the create dialog with its premise, signed in or after signing in", async ({
  page,
  consoleErrors,
}) => {
  const account = newAccount("generate");
  await signUp(page, account);

  await page.goto("/");
  const generate = page.getByRole("link", { name: "Generate a world from this premise" });
  await expect(generate).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/landing-generate.png` });
  await generate.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Create a world" })).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Premise" })).toHaveValue(PREMISE);
  // The link did its work: a reload does not open the dialog again.
  await expect(page).toHaveURL(/\/creations$/);
  await page.screenshot({ path: `${SHOTS}/generate-dialog.png` });

  // Signed out, it goes through sign-in and lands in the same place.
  await page.context().clearCookies();
  await page.goto("/");
  await page.getByRole("link", { name: "Generate a world from this premise" }).click();
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("dialog").getByRole("textbox", { name: "Premise" })).toHaveValue(PREMISE);
  // Chromium asks a fresh context for /favicon.ico, which the app does not serve (it links favicon.svg).
  expect(consoleErrors.filter((e) => !e.includes("/favicon.ico"))).toEqual([]);
});
