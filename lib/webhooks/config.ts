import { getEnv } from "@/lib/config/env";

/** The webhook settings (lib/config/env.ts): loopback allowance, retry base, attempt timeout. */
export function getWebhookSettings() {
  const { WEBHOOK_ALLOW_HTTP_LOOPBACK, WEBHOOK_RETRY_BASE_MS, WEBHOOK_TIMEOUT_MS } = getEnv();
  return { WEBHOOK_ALLOW_HTTP_LOOPBACK, WEBHOOK_RETRY_BASE_MS, WEBHOOK_TIMEOUT_MS };
}
