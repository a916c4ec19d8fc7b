import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/test-server";

// The Studio's sign-up over HTTP and its per-address limit (docs/auth.md); X-Forwarded-For
// stands for distinct clients, as a proxy reports them. Sign-in runs inside next-auth, which
// needs Next's request scope: its limits are tested in lib/auth/throttle.test.ts and end to
// end in e2e/ui/sign-in-limits.spec.ts.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { SIGN_UPS_PER_HOUR: "2" } });
});

afterAll(async () => {
  await server?.close();
});

async function signUp(email: string, address: string) {
  const res = await fetch(`${server.url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email, password: "correct horse battery" }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

describe("sign-up", () => {
  it("limits new accounts per client address to SIGN_UPS_PER_HOUR with a 429 and Retry-After", async () => {
    expect((await signUp("a1@example.com", "10.0.3.1")).status).toBe(201);
    expect((await signUp("a2@example.com", "10.0.3.1")).status).toBe(201);
    const refused = await signUp("a3@example.com", "10.0.3.1");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "rate_limited" });
    expect(refused.body.detail).toMatch(/try again in \d+ min/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Nothing was created: the email is still free from another address.
    expect((await signUp("a3@example.com", "10.0.3.2")).status).toBe(201);
  });
});
