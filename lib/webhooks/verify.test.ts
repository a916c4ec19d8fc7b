import { createHmac } from "node:crypto";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { serializePayload } from "./events";
import { signWebhookPayload } from "./signature";
import { verifyWebhook, WebhookVerificationError } from "./verify";

const SECRET = "whsec_3q2-7wNlYjY0Zk1xYjNhZWFkYmVlZmNhZmViYWJlZmFjZQ";
const NOW = 1_763_700_000;
const event = {
  id: "evt_0123456789abcdef0123456789abcdef",
  type: "world.generation.succeeded",
  created: NOW - 2,
  appId: "6a4f3c2e-1d0b-4e8f-a7c6-5b4a39281706",
  data: { worldId: "w", jobId: "j" },
};
const body = serializePayload(event);

describe("the Service-Signature header", () => {
  it("is t=<unix>,v1=<hex HMAC-SHA256 keyed by the whole whsec_ secret over `<t>.<raw body>`>", () => {
    const header = signWebhookPayload(body, SECRET, NOW);
    const expected = createHmac("sha256", SECRET).update(`${NOW}.${body}`).digest("hex");
    expect(header).toBe(`t=${NOW},v1=${expected}`);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it("signs a body of exactly {id, type, created, appId, data}, in that order", () => {
    expect(Object.keys(JSON.parse(body))).toEqual(["id", "type", "created", "appId", "data"]);
  });
});

describe("verifyWebhook", () => {
  const header = signWebhookPayload(body, SECRET, NOW);

  it("returns the event for a good signature, from a string or the raw bytes", () => {
    expect(verifyWebhook(body, header, SECRET, { now: NOW })).toEqual(event);
    expect(verifyWebhook(Buffer.from(body), header, SECRET, { now: NOW + 299 })).toEqual(event);
    expect(verifyWebhook(new TextEncoder().encode(body), header, SECRET, { now: NOW - 299 })).toEqual(event);
  });

  it("accepts any matching v1 among several (secret rotation)", () => {
    const other = signWebhookPayload(body, "whsec_other", NOW).split(",")[1];
    expect(verifyWebhook(body, `t=${NOW},${other},${header.split(",")[1]}`, SECRET, { now: NOW })).toEqual(event);
  });

  it.each([
    ["a tampered body", () => verifyWebhook(body.replace('"w"', '"x"'), header, SECRET, { now: NOW }), /No signature matches/],
    [
      "a body re-serialized with other spacing",
      () => verifyWebhook(JSON.stringify(event, null, 1), header, SECRET, { now: NOW }),
      /No signature matches/,
    ],
    ["the wrong secret", () => verifyWebhook(body, header, "whsec_wrong", { now: NOW }), /No signature matches/],
    ["a stale timestamp", () => verifyWebhook(body, header, SECRET, { now: NOW + 301 }), /tolerance/],
    ["a timestamp from the future", () => verifyWebhook(body, header, SECRET, { now: NOW - 301 }), /tolerance/],
    [
      "a stale timestamp with a tighter tolerance",
      () => verifyWebhook(body, header, SECRET, { now: NOW + 61, toleranceSeconds: 60 }),
      /60 s tolerance/,
    ],
    [
      "a re-timestamped header",
      () => verifyWebhook(body, header.replace(`t=${NOW}`, `t=${NOW + 10}`), SECRET, { now: NOW }),
      /No signature matches/,
    ],
    ["no header", () => verifyWebhook(body, undefined, SECRET), /missing/],
    ["no timestamp", () => verifyWebhook(body, header.split(",")[1]!, SECRET, { now: NOW }), /no timestamp/],
    ["no v1", () => verifyWebhook(body, `t=${NOW},v0=abc`, SECRET, { now: NOW }), /no v1/],
    ["a short v1", () => verifyWebhook(body, `t=${NOW},v1=abcd`, SECRET, { now: NOW }), /no v1/],
  ])("refuses %s", (_name, run, message) => {
    expect(run).toThrow(WebhookVerificationError);
    expect(run).toThrow(message);
  });

  it("turns the replay window off with toleranceSeconds 0", () => {
    expect(verifyWebhook(body, header, SECRET, { now: NOW + 86_400, toleranceSeconds: 0 })).toEqual(event);
  });
});

describe("the official stripe package's verifier (an external check of the format)", () => {
  const stripe = new Stripe("sk_test_not_used");

  it("accepts our header value", () => {
    const now = Math.floor(Date.now() / 1000);
    const header = signWebhookPayload(body, SECRET, now);
    expect(stripe.webhooks.constructEvent(body, header, SECRET)).toEqual(event);
    expect(stripe.webhooks.constructEvent(Buffer.from(body), header, SECRET, 300)).toEqual(event);
  });

  it("refuses it for a tampered body or another secret, as ours does", () => {
    const header = signWebhookPayload(body, SECRET, Math.floor(Date.now() / 1000));
    expect(() => stripe.webhooks.constructEvent(body + " ", header, SECRET)).toThrow(/signature/i);
    expect(() => stripe.webhooks.constructEvent(body, header, "whsec_wrong")).toThrow(/signature/i);
  });

  it("and ours accepts a header made by stripe's test helper", () => {
    const now = Math.floor(Date.now() / 1000);
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET, timestamp: now });
    expect(verifyWebhook(body, header, SECRET, { now })).toEqual(event);
  });
});
