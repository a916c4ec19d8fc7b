import http from "node:http";
import { verifyWebhook } from "../../lib/webhooks/verify";
import { appIdFromUrl, ARTIFACTS, asApp, expect, generateWorld, newAccount, shoot, signUp, test } from "../fixtures/studio";

/**
 * An app's settings page in the Studio against the built app: register a webhook endpoint (the
 * server's URL policy on the field, the signing secret shown once), a generated world's signed
 * delivery in its log, today's usage counting it, and deleting the endpoint. Screenshots go to
 * e2e/artifacts/ for review. The receiver listens on http://127.0.0.1:<E2E_PORT + 1>/hooks.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);

test.describe("Studio: app webhooks and usage", () => {
  let receiver: http.Server;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const hookPort = PORT + 1;

  test.beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(hookPort, "127.0.0.1", resolve));
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  test("register a webhook, see its secret once, its deliveries and today's usage", async ({ page, consoleErrors }) => {
    test.setTimeout(180_000);
    await signUp(page, newAccount("hooks"));
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "My first app" }).click();
    await expect(page).toHaveURL(/\/apps\/[0-9a-f-]{36}$/);
    const appId = appIdFromUrl(page);
    const section = page.getByRole("region", { name: "Webhooks" });
    await expect(section.getByText("No endpoints yet")).toBeVisible();

    // Usage starts at zero.
    const usage = page.getByRole("region", { name: "Usage today" });
    const generations = usage.locator('[data-quota="generation"]');
    await expect(generations).toContainText(/^World generations.*0 \/ [\d,]+/);

    // The server's URL policy, shown on the field; then a loopback receiver (allowed in e2e).
    await section.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a webhook endpoint" });
    await dialog.getByLabel("Endpoint URL").fill("http://example.com/hooks");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await expect(dialog.getByLabel("Endpoint URL")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Endpoint URL").fill(`http://127.0.0.1:${hookPort}/hooks`);
    await dialog.getByRole("radio", { name: /All events/ }).check();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await expect(dialog).toBeHidden();

    // The secret, once.
    const panel = page.getByRole("region", { name: "Copy the signing secret now" });
    const secret = (await panel.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_[0-9A-Za-z_-]{43}$/);
    const endpoints = section.getByRole("list", { name: "Webhook endpoints" });
    await expect(endpoints.getByRole("listitem")).toHaveCount(1);
    await expect(endpoints).toContainText(`http://127.0.0.1:${hookPort}/hooks`);
    await expect(endpoints).toContainText("* (all events)");
    await panel.getByRole("button", { name: /saved this secret/ }).click();
    await expect(panel).toBeHidden();
    expect(await page.content()).not.toContain(secret);

    // A world generated for the app fires world.generation.succeeded, signed with that secret.
    const worldId = await generateWorld(asApp(page.request, appId), "A clockwork orchard that only grows at night.");
    await expect.poll(() => received.length, { timeout: 60_000 }).toBeGreaterThan(0);
    const delivery = received[0]!;
    const event = verifyWebhook(delivery.body, delivery.headers["service-signature"] as string, secret);
    expect(event).toMatchObject({ type: "world.generation.succeeded", appId, data: { worldId } });

    await page.reload();
    expect(await page.content()).not.toContain(secret);
    await section.getByRole("button", { name: "Deliveries" }).click();
    const log = section.getByRole("region", { name: "Delivery log" });
    await expect(log.getByRole("row", { name: /world\.generation\.succeeded/ })).toContainText("Delivered");
    await expect(log.getByRole("row", { name: /world\.generation\.succeeded/ })).toContainText("200");
    await expect(generations).toContainText(/1 \/ [\d,]+/);
    await shoot(page, "app-settings-webhooks-usage");
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${ARTIFACTS}/webhooks-section.png`, animations: "disabled" });
    await usage.screenshot({ path: `${ARTIFACTS}/usage-section.png`, animations: "disabled" });
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/dark/);
    await section.screenshot({ path: `${ARTIFACTS}/webhooks-section-dark.png`, animations: "disabled" });
    await usage.screenshot({ path: `${ARTIFACTS}/usage-section-dark.png`, animations: "disabled" });
    await page.emulateMedia({ colorScheme: "light" });

    // Delete, with a confirmation.
    await section.getByRole("button", { name: /^Delete endpoint/ }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this endpoint?" });
    await confirm.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(confirm).toBeHidden();
    await expect(section.getByText("No endpoints yet")).toBeVisible();
    expect((await (await page.request.get(`/v1/apps/${appId}/webhooks`)).json()).webhooks).toEqual([]);

    // The refused URL's 400 is logged by the browser; nothing else may be.
    expect(consoleErrors.filter((e) => !/status of 400 .*\/webhooks\)$/.test(e))).toEqual([]);
  });
});
