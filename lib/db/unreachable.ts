/**
 * Whether an error means the database could not be reached (refused, reset, closed, timed out,
 * shutting down) or was too busy to start a transaction, as opposed to a query that failed on a
 * database that answered. The route
 * wrapper turns these into 503 `unavailable` (docs/reliability.md): the client should retry,
 * and the process keeps serving; the pool reconnects by itself once the database is back.
 */

/**
 * Prisma's codes for "could not talk to the database" (P1xxx), an exhausted pool (P2024, P2037),
 * and a transaction that could not start in time or expired (P2028: rolled back, nothing written),
 * which is what a busy database looks like under load.
 */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2037"]);
/** What the driver adapter (`DriverAdapterError.cause.kind`) says when the connection failed. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TlsConnectionError"]);
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
/** SQLSTATE class 08 (connection exception), admin/crash shutdown, cannot connect now, too many connections. */
const SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** node-postgres reports a dropped socket only in words. */
const PG_MESSAGES =
  /Connection terminated|Connection ended unexpectedly|timeout exceeded when trying to connect|Client has encountered a connection error|Can't reach database server/i;

export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (depth > 6 || error === null || typeof error !== "object") return false;
  const e = error as { name?: unknown; code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (e.name === "PrismaClientInitializationError") return true;
  if (typeof e.code === "string" && (PRISMA_CODES.has(e.code) || SOCKET_CODES.has(e.code) || SQLSTATE.test(e.code))) return true;
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.message === "string" && PG_MESSAGES.test(e.message)) return true;
  // AggregateError (a connect that tried IPv4 and IPv6) and wrapped causes.
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable(e.cause, depth + 1);
}
