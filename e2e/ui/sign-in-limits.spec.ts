import { expect, newAccount, signUp, test } from "../fixtures/studio";

// Guessing a password stops after SIGN_IN_FAILURES_PER_EMAIL (default 10) failures for that
// email; the form says so, and even the right password waits (docs/auth.md).
test("the sign-in form stops guessing after ten failures for one email", async ({ page, consoleErrors }) => {
  const account = newAccount("guess");
  await signUp(page, account);
  await page.context().clearCookies();

  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(account.email);
  for (let i = 0; i < 10; i++) {
    await page.getByLabel("Password").fill(`wrong-${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("form").getByRole("alert")).toHaveText("Incorrect email or password.");
    // The alert is re-rendered per attempt: wait for the form to be usable again.
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  }
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText(/Too many sign-in attempts/);
  await expect(page).toHaveURL(/\/sign-in/);
  expect(consoleErrors.filter((e) => !e.includes("401"))).toEqual([]);
});
