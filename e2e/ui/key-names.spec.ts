// A key created with a name shows that name in the new-key panel, the keys table and the API.
import { expect, firstAppId, newAccount, signUp, test } from "../fixtures/studio";

const SHOTS = "/work/shots/usage";

test("a key created with a name shows that name, in the panel, the table and the API", async ({ page, consoleErrors }) => {
  await signUp(page, newAccount("keyname"));
  const appId = await firstAppId(page);
  await page.goto(`/apps/${appId}#keys`);
  const keys = page.getByRole("region", { name: "API keys" });
  await keys.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create API key" });
  await dialog.getByRole("radio", { name: "Live" }).check();
  await dialog.getByLabel("Name", { exact: true }).fill("Production server");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("region", { name: "Copy your new key now" })).toContainText("Production server");
  const row = keys.getByRole("row", { name: /Production server/ });
  await expect(row).toBeVisible();
  await expect(keys.getByRole("cell", { name: "Unnamed" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("row", { name: /Production server/ })).toBeVisible();
  const listed = await (await page.request.get(`/v1/apps/${appId}/keys`)).json();
  expect(listed.keys.map((k: { name: string }) => k.name)).toContain("Production server");
  await keys.screenshot({ path: `${SHOTS}/key-named.png` });
  expect(consoleErrors).toEqual([]);
});
