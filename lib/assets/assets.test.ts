import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { decodeBase64Image, readAsset, sniffMime, storeAsset } from "./assets";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

function setEnv(vars: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

describe("images", () => {
  it("decodes raw base64 and data URLs and sniffs the real type", () => {
    expect(decodeBase64Image(PNG.toString("base64"))).toEqual(PNG);
    expect(decodeBase64Image(`data:image/jpeg;base64,${PNG.toString("base64")}`)).toEqual(PNG);
    expect(decodeBase64Image("not base64!")).toBeNull();
    expect(sniffMime(PNG)).toBe("image/png");
    expect(sniffMime(Buffer.from("GIF89a...."))).toBe("image/gif");
    expect(sniffMime(Buffer.from("<svg></svg>"))).toBeNull();
  });
});

describe("the disk store", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assets-disk-"));
  beforeAll(() => setEnv({ DATA_DIR: dir, S3_BUCKET: undefined }));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("stores under the content address and serves the same bytes", async () => {
    const stored = await storeAsset(PNG, "image/png", "http://host");
    expect(stored.name).toMatch(/^[0-9a-f]{64}\.png$/);
    expect(stored.url).toBe(`http://host/assets/${stored.name}`);
    expect((await readAsset(stored.name))?.bytes).toEqual(PNG);
    expect(await readAsset("../secrets.json")).toBeNull();
    expect(await readAsset(`${"0".repeat(64)}.png`)).toBeNull();
  });

  it("takes the same asset stored many times at once (clips of a batch paint the same frame)", async () => {
    const bytes = Buffer.concat([PNG, Buffer.from("same frame")]);
    const stored = await Promise.all(Array.from({ length: 8 }, () => storeAsset(bytes, "image/png", "http://host")));
    expect(new Set(stored.map((s) => s.name)).size).toBe(1);
    expect((await readAsset(stored[0]!.name))?.bytes).toEqual(bytes);
    expect(fs.readdirSync(path.join(dir, "assets")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });
});

describe("the S3 store", () => {
  // A fake S3-compatible server: path-style PUT and GET of objects, as MinIO answers them.
  const objects = new Map<string, { body: Buffer; type: string }>();
  let server: http.Server;
  let endpoint = "";

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const key = decodeURIComponent(new URL(req.url!, "http://x").pathname);
        if (req.method === "PUT") {
          // The SDK may send the body in aws-chunked encoding; this fake only takes plain bodies.
          objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers["content-type"]) });
          res.writeHead(200, { etag: '"x"' }).end();
        } else if (req.method === "GET" && objects.has(key)) {
          const object = objects.get(key)!;
          res.writeHead(200, { "content-type": object.type, "content-length": object.body.length }).end(object.body);
        } else {
          res
            .writeHead(404, { "content-type": "application/xml" })
            .end(`<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>`);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    setEnv({
      S3_BUCKET: "worlds",
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "1",
      S3_ACCESS_KEY_ID: "minio",
      S3_SECRET_ACCESS_KEY: "minio-secret",
      S3_PUBLIC_URL: undefined,
    });
  });

  afterAll(async () => {
    setEnv({
      S3_BUCKET: undefined,
      S3_ENDPOINT: undefined,
      S3_FORCE_PATH_STYLE: undefined,
      S3_ACCESS_KEY_ID: undefined,
      S3_SECRET_ACCESS_KEY: undefined,
      S3_PUBLIC_URL: undefined,
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("puts objects in the bucket under the prefix and reads them back", async () => {
    const stored = await storeAsset(PNG, "image/png", "http://host");
    const object = objects.get(`/worlds/assets/${stored.name}`);
    expect(object?.body).toEqual(PNG);
    expect(object?.type).toBe("image/png");
    expect(stored.url).toBe(`http://host/assets/${stored.name}`);
    expect((await readAsset(stored.name))?.bytes).toEqual(PNG);
    expect(await readAsset(`${"1".repeat(64)}.png`)).toBeNull();
  });

  it("hands out the bucket's public URL when one is set", async () => {
    setEnv({ S3_PUBLIC_URL: "https://cdn.example.com/worlds" });
    const stored = await storeAsset(PNG, "image/png", "http://host");
    expect(stored.url).toBe(`https://cdn.example.com/worlds/assets/${stored.name}`);
  });
});
