import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "@/lib/config/env";

/**
 * Where asset bytes live: a folder under DATA_DIR (the embedded default) or an S3-compatible
 * bucket when S3_BUCKET is set (AWS S3, MinIO, R2, ...). Names are content addresses, so a put
 * of an existing name is a harmless overwrite with the same bytes.
 */
export interface AssetStore {
  put(name: string, bytes: Buffer, mimeType: string): Promise<void>;
  get(name: string): Promise<Buffer | null>;
  /** A direct public URL for the object, when the store has one (else /assets/<name> serves it). */
  publicUrl(name: string): string | null;
}

function diskStore(dir: string): AssetStore {
  return {
    async put(name, bytes) {
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, name);
      // Write to a temporary name, then rename: a reader never sees half a file. The name is
      // unique per write, so the same asset stored twice at once (two clips painting one frame)
      // never shares a temporary file.
      const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
    },
    async get(name) {
      return fs.readFile(path.join(dir, name)).catch(() => null);
    },
    publicUrl: () => null,
  };
}

async function s3Store(): Promise<AssetStore> {
  const env = getEnv();
  const { S3Client, PutObjectCommand, GetObjectCommand, NoSuchKey } = await import("@aws-sdk/client-s3");
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  const bucket = env.S3_BUCKET!;
  const key = (name: string) => `${env.S3_PREFIX}${name}`;
  return {
    async put(name, bytes, mimeType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key(name),
          Body: bytes,
          ContentType: mimeType,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async get(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(name) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    publicUrl(name) {
      const base = getEnv().S3_PUBLIC_URL;
      return base ? `${base.replace(/\/$/, "")}/${key(name)}` : null;
    },
  };
}

let cached: { signature: string; store: Promise<AssetStore> } | undefined;

export function getAssetStore(): Promise<AssetStore> {
  const env = getEnv();
  const signature = env.S3_BUCKET ? `s3:${env.S3_ENDPOINT}:${env.S3_BUCKET}:${env.S3_PREFIX}` : `disk:${env.dataDir}`;
  if (cached?.signature !== signature) {
    cached = { signature, store: env.S3_BUCKET ? s3Store() : Promise.resolve(diskStore(path.join(env.dataDir, "assets"))) };
  }
  return cached.store;
}
