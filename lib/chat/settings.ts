import { z } from "zod";

/**
 * Chat-time metering settings (docs/runtime.md "Chat time"). The same lines belong in
 * lib/config/env.ts and .env.example; read from the environment on each use (blank = unset).
 */
export const ZChatEnv = z.object({
  CHAT_FREE_SECONDS: z.coerce.number().int().min(0).default(180),
  CHAT_PLUS_SECONDS_PER_MONTH: z.coerce.number().int().min(0).default(7200),
  CHAT_TURN_MIN_SECONDS: z.coerce.number().int().min(0).default(5),
  CHAT_TURN_MAX_SECONDS: z.coerce.number().int().min(1).default(60),
});
export type ChatSettings = z.infer<typeof ZChatEnv>;

export function chatSettings(env: Readonly<Record<string, string | undefined>> = process.env): ChatSettings {
  const pick = (name: keyof ChatSettings) => (env[name]?.trim() ? env[name]!.trim() : undefined);
  const parsed = ZChatEnv.safeParse({
    CHAT_FREE_SECONDS: pick("CHAT_FREE_SECONDS"),
    CHAT_PLUS_SECONDS_PER_MONTH: pick("CHAT_PLUS_SECONDS_PER_MONTH"),
    CHAT_TURN_MIN_SECONDS: pick("CHAT_TURN_MIN_SECONDS"),
    CHAT_TURN_MAX_SECONDS: pick("CHAT_TURN_MAX_SECONDS"),
  });
  if (!parsed.success)
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  const s = parsed.data;
  return { ...s, CHAT_TURN_MIN_SECONDS: Math.min(s.CHAT_TURN_MIN_SECONDS, s.CHAT_TURN_MAX_SECONDS) };
}
