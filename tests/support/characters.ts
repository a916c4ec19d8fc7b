/**
 * What the characters test files (tests/characters*.test.ts) share: their server with one user,
 * a character with every field set (EXPLICIT), and the calls that create one, open a session
 * and say something. `withCharactersServer()` at the top of a file sets the bindings below
 * before its tests run.
 */
import { expect } from "vitest";
import { bootstrap, type Bootstrap } from "./fixtures";
import { withTestServer, type ApiClient } from "./suite";

export let api: ApiClient;
export let boot: Bootstrap;

export function withCharactersServer(): void {
  withTestServer(async (_server, client) => {
    api = client;
    boot = await bootstrap();
  });
}

export const STANCES = [
  { id: "calm", label: "Calm", mood: "calm, serene", expression: "a still, patient face" },
  { id: "glad", label: "Glad", mood: "happy, warm", expression: "a broad smile" },
  { id: "cross", label: "Cross", mood: "angry, cold", expression: "a hard stare" },
  { id: "shaken", label: "Shaken", mood: "afraid, nervous", expression: "wide eyes, a step back" },
];

export const EXPLICIT = {
  name: "Ilse the Keeper",
  persona: "You are Ilse, keeper of the salt lighthouse. You are dry, kind and stubborn.",
  lore: "The lighthouse was built in 1887. The lamp burns whale oil. Ilse's brother sailed north and never came back.",
  greeting: "Mind the stairs. Who sent you?",
  examples: "User: Hello\nIlse: Hello yourself.",
  subject: "Ilse, a weathered keeper in a wool coat",
  style: "ink and watercolor",
  scene: "at the top of a lighthouse at dusk",
  stances: STANCES,
  cameraStatic: "close-up, eye level",
  movementStatic: "stands by the lamp, breathing slowly",
  speakingDetail: "lips move softly, eyebrows lift on questions",
  voiceId: "ember",
  intro: { kicker: "Meet", title: "Ilse", hint: "Ask about the lamp" },
};

export const create = (body: Record<string, unknown>, key = boot.keys.sk_live, headers: Record<string, string> = {}) =>
  api.call("POST", "/v1/characters", { token: key, body, headers });

export async function sessionFor(characterId: string, key = boot.keys.sk_live, userRef?: string): Promise<string> {
  const res = await api.post("/v1/sessions/token", { characterId, ...(userRef ? { userRef } : {}) }, key);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

export const say = (id: string, token: string | undefined, body: Record<string, unknown>) =>
  api.post(`/v1/characters/${id}/say`, body, token);
