/**
 * What the webhooks test files (tests/webhooks-*.test.ts) share: their server, which delivers
 * to loopback receivers with a short retry base, two users, a local receiver, and step tools
 * that run a delivery without the executor. `withWebhooksServer()` at the top of a file sets
 * the bindings below before its tests run.
 */
import http from "node:http";
import { afterEach, vi } from "vitest";
import type { DeliverySteps } from "@/lib/webhooks";
import { setEnv } from "./env";
import { bootstrap, type Bootstrap } from "./fixtures";
import { withTestServer, type ApiClient } from "./suite";

export const RETRY_BASE_MS = 20;

export let api: ApiClient;
export let alice: Bootstrap;
export let bob: Bootstrap;

export function withWebhooksServer(): void {
  withTestServer(
    async (_server, client) => {
      api = client;
      alice = await bootstrap();
      bob = await bootstrap();
    },
    { env: { WEBHOOK_ALLOW_HTTP_LOOPBACK: "1", WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS), WEBHOOK_TIMEOUT_MS: "5000" } },
  );
  afterEach(() => {
    vi.restoreAllMocks();
    setEnv({ WEBHOOK_ALLOW_HTTP_LOOPBACK: "1" });
  });
}

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver answering request n (0-based) with `answer(n)`: a status (body "ok"), a status with a body, or "hang". */
export async function startReceiver(answer: (n: number) => number | { status: number; body: string } | "hang" = () => 200) {
  const received: Received[] = [];
  const hanging: http.ServerResponse[] = [];
  const srv = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const n = received.length;
    received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    const answered = answer(n);
    if (answered === "hang") {
      hanging.push(res);
      return;
    }
    const { status, body } = typeof answered === "number" ? { status: answered, body: "ok" } : answered;
    res.writeHead(status, status >= 300 && status < 400 ? { location: "/elsewhere" } : {}).end(body);
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const port = (srv.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        hanging.forEach((res) => res.destroy());
        srv.closeAllConnections();
        srv.close(() => resolve());
      }),
  };
}

/** Step tools for runDelivery without the executor: run at once; sleep really waits (short base), and is recorded. */
export function localSteps(onSleep?: (ms: number) => Promise<void>) {
  const ran: string[] = [];
  const sleeps: number[] = [];
  const steps: DeliverySteps = {
    run: async (id, fn) => {
      ran.push(id);
      return fn();
    },
    sleep: async (id, ms) => {
      ran.push(id);
      sleeps.push(ms);
      await onSleep?.(ms);
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
  };
  return { steps, ran, sleeps };
}

export async function register(user: Bootstrap, body: Record<string, unknown>, appId = user.appId) {
  return api.post(`/v1/apps/${appId}/webhooks`, body, user.userToken);
}
