import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "./env";

/**
 * Secrets the server needs. Generated on first start and kept in DATA_DIR/secrets.json
 * (mode 0600) unless the environment gives them, so a fresh install needs no configuration.
 */
export interface Secrets {
  authSecret: string;
  sessionTokenSecret: string;
  inngestSigningKey: string;
  /** Lets the CLI reach the server that owns the embedded database. */
  cliToken: string;
}

let cached: Secrets | undefined;

function generate(): Secrets {
  const hex = () => randomBytes(32).toString("hex");
  return { authSecret: hex(), sessionTokenSecret: hex(), inngestSigningKey: `signkey-prod-${hex()}`, cliToken: hex() };
}

function readOrCreateStored(file: string): Secrets {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // `wx` fails if another process created the file first; then we read theirs.
    const fresh = generate();
    fs.writeFileSync(file, JSON.stringify(fresh, null, 2) + "\n", { flag: "wx", mode: 0o600 });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const stored = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<Secrets>;
  // A file from an older version may lack a newer secret: add it, keep the rest.
  const complete = { ...generate(), ...stored };
  if (Object.keys(stored).length !== Object.keys(complete).length) {
    fs.writeFileSync(file, JSON.stringify(complete, null, 2) + "\n", { mode: 0o600 });
  }
  return complete;
}

export function getSecrets(): Secrets {
  if (cached) return cached;
  const env = getEnv();
  const stored = readOrCreateStored(path.join(env.dataDir, "secrets.json"));
  cached = {
    authSecret: env.AUTH_SECRET ?? stored.authSecret,
    sessionTokenSecret: env.SESSION_TOKEN_SECRET ?? stored.sessionTokenSecret,
    inngestSigningKey: env.INNGEST_SIGNING_KEY ?? stored.inngestSigningKey,
    cliToken: stored.cliToken,
  };
  return cached;
}

export function resetSecretsCache(): void {
  cached = undefined;
}
