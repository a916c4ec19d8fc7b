import { getProvider } from "@/lib/ai";
import { profileOrThrow } from "@/lib/characters/characters";
import type { ResolvedKey } from "@/lib/keys/keys";
import type { SessionCredential } from "@/lib/sessions/credential";
import { badRequest, unauthorized } from "@/lib/errors";
import { makeHostedAsset } from "@/lib/media/metered-asset";
import { z } from "zod";
import { worldForSession } from "./play";

export const ZTtsBody = z.strictObject({
  text: z.string().trim().min(1).max(2000).describe("what to say"),
  voiceId: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe("a voice of the provider; with a session token the character's own voice is used"),
  token: z.string().min(1).max(4096).optional().describe("a character's session token, when it is not sent as `Authorization: Bearer`"),
});
export type TtsBody = z.infer<typeof ZTtsBody>;

/**
 * POST /v1/tts: speech through the provider's speech capability, hosted as an asset, metered as
 * `tts` (reserved first, given back when speaking fails). A secret key chooses any `voiceId`; a
 * session token speaks with its character's `voiceId` (a world's token: 401). Test mode: a
 * deterministic short WAV, `mock: true`.
 */
export async function speak(auth: ({ type: "key" } & ResolvedKey) | SessionCredential, body: TtsBody, baseUrl: string) {
  let voiceId = body.voiceId;
  if (auth.type === "session") {
    if (auth.kind !== "character") throw unauthorized("Only a character's session token may use its voice; this token is for a world.");
    const profile = profileOrThrow(await worldForSession(auth));
    if (body.voiceId !== undefined && body.voiceId !== profile.voiceId) {
      throw badRequest("With a session token the character's own voice is used; leave voiceId out.", [
        "voiceId: not this character's voice",
      ]);
    }
    voiceId = profile.voiceId;
  }
  const { made: speech, url } = await makeHostedAsset(
    { appId: auth.appId, kind: "tts", baseUrl, failure: "The speech could not be made" },
    () => getProvider(auth.mode).speak({ text: body.text, voiceId }),
  );
  return {
    audioBase64: speech.bytes.toString("base64"),
    mimeType: speech.mimeType,
    url,
    voiceId: speech.voiceId,
    ...(auth.mode === "test" ? { mock: true as const } : {}),
  };
}
