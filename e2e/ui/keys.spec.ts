import { appIdFromUrl, expect, newAccount, signIn, signUp, test } from "../fixtures/studio";

test.describe("Studio: accounts and API keys", () => {
  test("the Studio needs a session", async ({ page }) => {
    await page.goto("/creations");
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });

  test("sign up, create a secret test key, see it once, revoke it, sign out and in again", async ({ page, context, consoleErrors }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const account = newAccount("keys");

    // Sign up lands in the Studio, with the default app in the sidebar.
    await signUp(page, account);
    const nav = page.getByRole("navigation", { name: "Studio" });
    await expect(nav.getByRole("link", { name: "My first app" })).toBeVisible();

    // The app's settings page, with no keys yet.
    await nav.getByRole("link", { name: "My first app" }).click();
    await expect(page).toHaveURL(/\/apps\/[0-9a-f-]{36}$/);
    const appId = appIdFromUrl(page);
    await expect(page.getByRole("heading", { level: 1, name: "My first app" })).toBeVisible();
    await expect(page.getByText("No keys yet")).toBeVisible();

    // Create a secret test key.
    await page.getByRole("button", { name: "Create key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create API key" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("radio", { name: "Secret" }).check();
    await dialog.getByRole("radio", { name: "Test" }).check();
    await dialog.getByLabel("Name", { exact: true }).fill("CI server");
    await dialog.getByRole("button", { name: "Create key" }).click();
    await expect(dialog).toBeHidden();

    // The full secret, shown once, with a working copy button.
    const panel = page.getByRole("region", { name: "Copy your new key now" });
    await expect(panel).toBeVisible();
    await expect(panel.getByText("You won't see this key again.")).toBeVisible();
    const secret = (await panel.getByTestId("new-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{43}$/);
    await panel.getByRole("button", { name: "Copy" }).click();
    await expect(panel.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    const masked = `sk_test_…${secret.slice(-4)}`;
    const row = page.getByRole("row", { name: /CI server/ });
    await expect(row).toContainText(masked);
    await expect(row).toContainText("Active");

    // Once dismissed, the secret is nowhere on the page, and not after a reload either.
    await panel.getByRole("button", { name: /saved this key/ }).click();
    await expect(panel).toBeHidden();
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await expect(row).toContainText(masked);
    expect(await page.content()).not.toContain(secret);
    const listed = await page.request.get(`/v1/apps/${appId}/keys`);
    expect(listed.status()).toBe(200);
    expect(await listed.text()).not.toContain(secret);

    // Revoke, with a confirmation.
    await row.getByRole("button", { name: /^Revoke CI server/ }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke API key?" });
    await expect(confirm).toContainText(masked);
    await confirm.getByRole("button", { name: "Revoke key" }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText("Revoked");
    await expect(row.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);
    await page.reload();
    await expect(row).toContainText("Revoked");

    // Sign out from the account menu, then sign in again with the same credentials.
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
    await page.goto(`/apps/${appId}`);
    await expect(page).toHaveURL(/\/sign-in/);

    await signIn(page, account);
    await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "My first app" })).toBeVisible();

    expect(consoleErrors).toEqual([]);
  });

  test("a wrong password is refused with a clear message", async ({ page }) => {
    const account = newAccount("wrong-pw");
    await signUp(page, account);
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Incorrect email or password.");
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test("signing up twice with one email explains what happened", async ({ page, browser }) => {
    const account = newAccount("twice");
    await signUp(page, account);

    const other = await browser.newPage();
    await other.goto("/sign-up");
    await other.getByLabel("Email").fill(account.email);
    await other.getByLabel("Password").fill("another password");
    await other.getByRole("button", { name: "Create account" }).click();
    const alert = other.getByRole("main").getByRole("alert");
    await expect(alert).toContainText("already exists");
    await expect(alert.getByRole("link", { name: "Sign in instead" })).toBeVisible();
    await other.close();
  });

  test("the empty state creates a pair of test keys", async ({ page, consoleErrors }) => {
    await signUp(page, newAccount("pair"));
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "My first app" }).click();
    await page.getByRole("button", { name: "Create test keys" }).click();

    const panel = page.getByRole("region", { name: "Copy your new keys now" });
    await expect(panel.getByTestId("new-secret")).toHaveCount(2);
    const [first, second] = await panel.getByTestId("new-secret").allTextContents();
    expect([first, second].sort()).toEqual([expect.stringMatching(/^pk_test_/), expect.stringMatching(/^sk_test_/)]);
    await panel.getByRole("button", { name: /saved these keys/ }).click();
    await expect(page.getByRole("row", { name: /Test secret key/ })).toContainText("Active");
    await expect(page.getByRole("row", { name: /Test publishable key/ })).toContainText("Publishable");
    expect(consoleErrors).toEqual([]);
  });

  test("app settings: rename, default mode and embedding origins", async ({ page, consoleErrors }) => {
    await signUp(page, newAccount("settings"));
    const nav = page.getByRole("navigation", { name: "Studio" });
    await nav.getByRole("link", { name: "My first app" }).click();

    await page.getByLabel("App name").fill("Harbor stories");
    await page.getByRole("radio", { name: "Live" }).check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Harbor stories" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Harbor stories" })).toBeVisible();

    const origin = page.getByLabel("Origin to allow");
    await origin.fill("https://example.com/path");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("Use the origin only: https://example.com")).toBeVisible();
    await origin.fill("https://play.example.com");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByRole("button", { name: "Save origins" }).click();
    await expect(page.getByRole("list", { name: "Allowed origins" })).toContainText("https://play.example.com");

    await page.reload();
    await expect(page.getByLabel("App name")).toHaveValue("Harbor stories");
    await expect(page.getByRole("radio", { name: "Live" })).toBeChecked();
    await expect(page.getByRole("list", { name: "Allowed origins" })).toContainText("https://play.example.com");
    expect(consoleErrors).toEqual([]);
  });

  test("a new app from the sidebar opens its settings", async ({ page, consoleErrors }) => {
    await signUp(page, newAccount("new-app"));
    const nav = page.getByRole("navigation", { name: "Studio" });
    await nav.getByRole("button", { name: "New app" }).click();
    const dialog = page.getByRole("dialog", { name: "New app" });
    await dialog.getByRole("button", { name: "Create app" }).click();
    await expect(dialog.getByText("Give the app a name.")).toBeVisible();
    await dialog.getByLabel("App name").fill("Harbor stories");
    await dialog.getByRole("button", { name: "Create app" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Harbor stories" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Harbor stories" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "My first app" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
