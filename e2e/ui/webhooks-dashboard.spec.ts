import http from "node:http";
import { verifyWebhook } from "../../lib/webhooks/verify";
import { appIdFromUrl, ARTIFACTS, expect, newAccount, signUp, test } from "../fixtures/studio";

/**
 * The delivery log as Stripe's dashboard has it: send a test event to an endpoint, read each
 * attempt's status, time and response body, and resend a failed delivery. The e2e server retries
 * after WEBHOOK_RETRY_BASE_MS (playwright.config.ts), so three failed attempts take seconds.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
// studio-app-webhooks-and-usage.spec.ts listens on PORT + 1.
const hookPort = PORT + 2;

test.describe("Studio: webhook test events and resends", () => {
  let receiver: http.Server;
  let down = true;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];

  test.beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        if (down) res.writeHead(503, { "content-type": "application/json" }).end('{"error":"down for maintenance"}');
        else res.writeHead(200, { "content-type": "text/plain" }).end("thanks, got it");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(hookPort, "127.0.0.1", resolve));
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  test("send a test event, read the failed attempts' responses, resend it once the receiver is up", async ({ page, consoleErrors }) => {
    test.setTimeout(120_000);
    await signUp(page, newAccount("hooktest"));
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "My first app" }).click();
    await expect(page).toHaveURL(/\/apps\/[0-9a-f-]{36}$/);
    const appId = appIdFromUrl(page);
    const section = page.getByRole("region", { name: "Webhooks" });

    // An endpoint listening to campaign events only: a test event reaches it all the same.
    await section.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a webhook endpoint" });
    await dialog.getByLabel("Endpoint URL").fill(`http://127.0.0.1:${hookPort}/hooks`);
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await expect(dialog).toBeHidden();
    const panel = page.getByRole("region", { name: "Copy the signing secret now" });
    const secret = (await panel.getByTestId("webhook-secret").textContent())!.trim();
    await panel.getByRole("button", { name: /saved this secret/ }).click();

    await section.getByRole("button", { name: "Deliveries" }).click();
    const log = section.getByRole("region", { name: "Delivery log" });
    await expect(log.getByText("No deliveries yet")).toBeVisible();
    await log.getByRole("button", { name: "Send test event" }).click();

    // Three attempts, each answered 503, then Failed (the log polls while one is pending).
    const row = log.getByRole("row", { name: /webhook\.test/ }).first();
    await expect(row).toContainText("Failed", { timeout: 60_000 });
    await expect(row).toContainText("3 of 3 attempts");
    await row.getByRole("button", { name: "Details" }).click();
    const attempts = log.getByRole("list", { name: "Attempts of webhook.test" });
    await expect(attempts.getByRole("listitem")).toHaveCount(3);
    await expect(attempts.getByRole("listitem").first()).toContainText("HTTP 503");
    await expect(log.getByLabel("Response body of attempt 1")).toHaveText('{"error":"down for maintenance"}');
    await log.scrollIntoViewIfNeeded();
    await log.screenshot({ path: `${ARTIFACTS}/webhooks-test-event-failed.png`, animations: "disabled" });

    // The receiver is back: Resend gives the same event three more attempts; the first lands.
    down = false;
    await log.getByRole("button", { name: /^Resend webhook\.test/ }).click();
    await expect(row).toContainText("Delivered", { timeout: 30_000 });
    await expect(row).toContainText("4 of 6 attempts");
    await expect(attempts.getByRole("listitem")).toHaveCount(4);
    await expect(log.getByLabel("Response body of attempt 4")).toHaveText("thanks, got it");
    await expect(log.getByRole("button", { name: /^Resend/ })).toHaveCount(0);
    await log.screenshot({ path: `${ARTIFACTS}/webhooks-test-event-resent.png`, animations: "disabled" });

    // Four signed requests of one event, the dashboard's `webhook.test`.
    expect(received).toHaveLength(4);
    const events = received.map((r) => verifyWebhook(r.body, r.headers["service-signature"] as string, secret));
    expect(new Set(events.map((e) => e.id)).size).toBe(1);
    expect(events[0]).toMatchObject({ type: "webhook.test", appId });

    expect(consoleErrors).toEqual([]);
  });
});
