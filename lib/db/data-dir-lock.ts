import fs from "node:fs";
import path from "node:path";

/**
 * PGlite does not lock its folder, and two processes opening it corrupt it. The process that
 * opens the embedded database writes DATA_DIR/owner.json first (created exclusively); any
 * other process finds the owner there and talks to it instead (the CLI, scripts/worlds.ts, sends its command to the owner's `/api/internal/cli`).
 */
export interface DataDirOwner {
  pid: number;
  /** Where the owner serves HTTP, when it is a server; absent for a CLI run. */
  url?: string;
  startedAt: string;
}

export class DataDirBusyError extends Error {
  constructor(readonly owner: DataDirOwner) {
    super(
      `The embedded database in this DATA_DIR is open in another process (pid ${owner.pid}` +
        `${owner.url ? `, serving ${owner.url}` : ""}). Stop it, use another DATA_DIR, or set DATABASE_URL.`,
    );
  }
}

function ownerFile(dataDir: string): string {
  return path.join(dataDir, "owner.json");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live owner of the folder, or null when nobody (or only a dead process) holds it. */
export function readDataDirOwner(dataDir: string): DataDirOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(ownerFile(dataDir), "utf8")) as DataDirOwner;
    return isAlive(owner.pid) && owner.pid !== process.pid ? owner : null;
  } catch {
    return null;
  }
}

/** Takes the folder for this process or throws DataDirBusyError. Released when the process exits. */
export function lockDataDir(dataDir: string, url?: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = ownerFile(dataDir);
  const me: DataDirOwner = { pid: process.pid, url, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me) + "\n", { flag: "wx" });
      process.once("exit", () => unlockDataDir(dataDir));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readDataDirOwner(dataDir);
    if (owner) throw new DataDirBusyError(owner);
    // A dead owner left its file behind (or it is ours from before a fork): take it over.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take ${file}`);
}

export function unlockDataDir(dataDir: string): void {
  try {
    const owner = JSON.parse(fs.readFileSync(ownerFile(dataDir), "utf8")) as DataDirOwner;
    if (owner.pid === process.pid) fs.rmSync(ownerFile(dataDir), { force: true });
  } catch {
    // Already gone.
  }
}
