import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkWebhookUrl,
  pinnedLookup,
  refusedAddressReason,
  resolveWebhookTarget,
  UnresolvedHostError,
  WebhookUrlError,
  type HostLookup,
} from "./ssrf";

/** A resolver from a table: no real DNS. */
const table: Record<string, string[]> = {
  "hooks.example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  "internal.example.com": ["10.1.2.3"],
  "mixed.example.com": ["93.184.215.14", "192.168.1.20"],
  "metadata.example.com": ["169.254.169.254"],
  "v6-loopback.example.com": ["::1"],
  "mapped.example.com": ["::ffff:10.0.0.1"],
  "empty.example.com": [],
};
const lookup: HostLookup = async (host) => {
  const found = table[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

const strict = { allowHttpLoopback: false, lookup };
const loopbackAllowed = { allowHttpLoopback: true, lookup };

describe("the SSRF guard", () => {
  it.each([
    ["https://127.0.0.1/hook", /loopback/],
    ["https://127.8.9.10/hook", /loopback/],
    ["https://10.0.0.1/hook", /private/],
    ["https://172.16.5.4/hook", /private/],
    ["https://192.168.0.1/hook", /private/],
    ["https://[::1]/hook", /loopback/],
    ["https://169.254.169.254/latest/meta-data", /linkLocal/],
    ["https://[fe80::1]/hook", /linkLocal/],
    ["https://[fd00::1]/hook", /uniqueLocal/],
    ["https://224.0.0.1/hook", /multicast/],
    ["https://[ff02::1]/hook", /multicast/],
    ["https://100.64.0.1/hook", /carrierGradeNat/],
    ["https://0.0.0.0/hook", /unspecified/],
    ["https://[::]/hook", /unspecified/],
    ["https://255.255.255.255/hook", /broadcast/],
    ["https://192.0.2.1/hook", /reserved/],
    ["https://[::ffff:127.0.0.1]/hook", /loopback/],
    ["https://[::ffff:a00:1]/hook", /private/],
    ["https://[64:ff9b::a00:1]/hook", /private/],
    ["https://[2002:a00:1::1]/hook", /6to4/],
    ["https://0x7f000001/hook", /loopback/],
    ["https://2130706433/hook", /loopback/],
    ["https://127.1/hook", /loopback/],
    ["https://internal.example.com/hook", /resolves to 10\.1\.2\.3, which is a private address/],
    ["https://mixed.example.com/hook", /192\.168\.1\.20/],
    ["https://metadata.example.com/hook", /linkLocal/],
    ["https://v6-loopback.example.com/hook", /loopback/],
    ["https://mapped.example.com/hook", /private/],
    ["https://localhost/hook", /localhost is a loopback name/],
    ["https://LOCALHOST./hook", /localhost\. is a loopback name/],
    ["https://hooks.localhost/hook", /hooks\.localhost is a loopback name/],
    ["http://example.com/hook", /must use https/],
    ["http://hooks.example.com/hook", /must use https/],
    ["http://127.0.0.1:8080/hook", /must use https/],
    ["ftp://hooks.example.com/hook", /must use https/],
    ["https://user:pass@hooks.example.com/hook", /credentials/],
    ["not a url", /absolute URL/],
    [`https://hooks.example.com/${"a".repeat(2100)}`, /at most 2048/],
  ])("refuses %s, at registration and at delivery", async (url, reason) => {
    for (const check of [checkWebhookUrl, resolveWebhookTarget]) {
      const refusal = check(url, strict);
      await expect(refusal).rejects.toThrow(WebhookUrlError);
      await expect(refusal).rejects.toThrow(reason);
    }
  });

  it.each([
    ["https://nowhere.example.com/hook", /^host nowhere\.example\.com could not be resolved \(ENOTFOUND\)$/],
    ["https://empty.example.com/hook", /^host empty\.example\.com could not be resolved$/],
  ])("accepts %s, a name that does not resolve now, at registration; a delivery cannot go there", async (url, reason) => {
    expect((await checkWebhookUrl(url, strict)).href).toBe(url);
    const delivery = resolveWebhookTarget(url, strict);
    await expect(delivery).rejects.toThrow(UnresolvedHostError);
    await expect(delivery).rejects.toThrow(reason);
  });

  it("counts a lookup that does not answer in time as not resolving", async () => {
    const hanging: HostLookup = () => new Promise(() => {});
    const policy = { allowHttpLoopback: false, lookup: hanging, lookupTimeoutMs: 50 };
    const started = performance.now();
    await expect(resolveWebhookTarget("https://slow.example.com/hook", policy)).rejects.toThrow(
      /^host slow\.example\.com could not be resolved \(timed out after 50 ms\)$/,
    );
    expect((await checkWebhookUrl("https://slow.example.com/hook", policy)).href).toBe("https://slow.example.com/hook");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("accepts public addresses and names, and picks the first checked address", async () => {
    expect((await resolveWebhookTarget("https://93.184.215.14/hook", strict)).address).toEqual({ address: "93.184.215.14", family: 4 });
    expect((await resolveWebhookTarget("https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/hook", strict)).address.family).toBe(6);
    expect((await resolveWebhookTarget("https://[64:ff9b::5db8:d70e]/hook", strict)).address.address).toBe("64:ff9b::5db8:d70e");
    const target = await resolveWebhookTarget("https://hooks.example.com:8443/hook?x=1#frag", strict);
    expect(target.address).toEqual({ address: "93.184.215.14", family: 4 });
    expect(target.url.href).toBe("https://hooks.example.com:8443/hook?x=1");
  });

  it("with WEBHOOK_ALLOW_HTTP_LOOPBACK, also accepts http://127.0.0.1 and http://localhost, pinned to 127.0.0.1, and nothing more", async () => {
    for (const url of ["http://127.0.0.1:4000/hook", "http://localhost:4000/hook"]) {
      expect((await resolveWebhookTarget(url, loopbackAllowed)).address).toEqual({ address: "127.0.0.1", family: 4 });
    }
    for (const url of [
      "https://127.0.0.1/hook",
      "https://[::1]/hook",
      "http://example.com/hook",
      "http://10.0.0.1:4000/hook",
      "http://[::1]:4000/hook",
      "https://internal.example.com/hook",
    ]) {
      await expect(resolveWebhookTarget(url, loopbackAllowed), url).rejects.toThrow(WebhookUrlError);
    }
  });

  it("re-checks on every call: a name that now resolves to a private address is refused (DNS rebinding)", async () => {
    let answer = "93.184.215.14";
    const rebinding: HostLookup = async () => [{ address: answer, family: 4 }];
    await expect(
      resolveWebhookTarget("https://rebind.example.com/", { allowHttpLoopback: false, lookup: rebinding }),
    ).resolves.toBeDefined();
    answer = "127.0.0.1";
    await expect(resolveWebhookTarget("https://rebind.example.com/", { allowHttpLoopback: false, lookup: rebinding })).rejects.toThrow(
      /loopback/,
    );
  });

  it("judges IPv4-mapped and NAT64 addresses by the IPv4 address they carry", () => {
    expect(refusedAddressReason("::ffff:192.168.0.1")).toMatch(/private/);
    expect(refusedAddressReason("::ffff:93.184.215.14")).toBeNull();
    expect(refusedAddressReason("64:ff9b::7f00:1")).toMatch(/loopback/);
    expect(refusedAddressReason("2001:db8::1")).toMatch(/reserved/);
    expect(refusedAddressReason("2001::1")).toMatch(/teredo/);
  });
});

describe("pinnedLookup", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => res.end(req.headers.host));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("makes a request connect to the checked address whatever the name resolves to, keeping the Host header", async () => {
    // `.invalid` never resolves (RFC 6761): reaching the server proves DNS was not asked.
    const host = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        `http://hooks.invalid:${port}/`,
        { lookup: pinnedLookup({ address: "127.0.0.1", family: 4 }) as never, agent: false },
        (res) => {
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve(text));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(host).toBe(`hooks.invalid:${port}`);
  });

  it("answers both forms Node asks in", () => {
    const pinned = pinnedLookup({ address: "93.184.215.14", family: 4 });
    const calls: unknown[][] = [];
    pinned("x", { all: true }, (...args) => calls.push(args));
    pinned("x", {}, (...args) => calls.push(args));
    expect(calls).toEqual([
      [null, [{ address: "93.184.215.14", family: 4 }]],
      [null, "93.184.215.14", 4],
    ]);
  });
});
