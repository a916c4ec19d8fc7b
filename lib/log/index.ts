import { getEnv } from "@/lib/config/env";

/**
 * One JSON line per event on stderr. Callers pass fields, never whole requests or headers,
 * so credentials cannot reach a log line by accident.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (LEVELS[level] < LEVELS[getEnv().LOG_LEVEL]) return;
  process.stderr.write(JSON.stringify({ level, time: new Date().toISOString(), message, ...fields }) + "\n");
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
