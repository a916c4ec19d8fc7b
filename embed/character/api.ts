// The character page's own calls, beside the world player's (boot and heartbeats, imported from
// embed/player/api.ts): a talk turn and speech. Same origin, the session token only in the
// Authorization header, never in a URL.
import { readErrorBody } from "@/lib/shared/error-body";
import { readTurn, type SayRequest, type Turn } from "./model";
import { keepPlayer, keptPlayer } from "./player";

/** A refused or failed call: `status` 0 when the server could not be reached; `detail` as the server said it. */
export class CallError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
  ) {
    super(detail ?? `HTTP ${status}`);
  }
}

async function post(url: string, token: string, body: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      credentials: "omit",
      cache: "no-store",
    });
  } catch {
    throw new CallError(0, undefined);
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new CallError(res.status, readErrorBody(json).detail);
  return json;
}

/** POST /v1/characters/{id}/say: one talk turn, as the player this browser is (./player.ts). */
export async function say(characterId: string, token: string, request: SayRequest): Promise<Turn> {
  const kept = keptPlayer(token);
  const answer = await post(
    `/v1/characters/${encodeURIComponent(characterId)}/say`,
    token,
    kept ? { ...request, playerId: kept } : request,
  );
  const playerId = (answer as { playerId?: unknown } | null)?.playerId;
  if (typeof playerId === "string") keepPlayer(token, playerId);
  const turn = readTurn(answer);
  if (!turn) throw new CallError(502, "The character's answer could not be read.");
  return turn;
}

/** POST /v1/tts with the character's session (its own voice): the audio as a Blob. */
export async function speech(text: string, token: string): Promise<Blob> {
  const body = (await post("/v1/tts", token, { text })) as { audioBase64?: unknown; mimeType?: unknown } | null;
  if (typeof body?.audioBase64 !== "string") throw new CallError(502, "The speech could not be read.");
  const binary = atob(body.audioBase64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: typeof body.mimeType === "string" ? body.mimeType : "audio/wav" });
}
