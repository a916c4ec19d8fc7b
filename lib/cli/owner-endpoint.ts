import { timingSafeEqual } from "node:crypto";
import { getSecrets } from "@/lib/config/secrets";
import { badRequest, notFound, unauthorized } from "@/lib/errors";
import { isCliCommand, runCliCommand } from "./commands";

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function runCliCommandForOwner(req: Request, command: string, args: Record<string, unknown>): Promise<unknown> {
  const token = /^Bearer (\S+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
  if (!token || !sameSecret(token, getSecrets().cliToken)) throw unauthorized("The CLI token is missing or wrong.");
  if (!isCliCommand(command)) throw notFound(`Command "${command}"`);
  if (typeof args !== "object") throw badRequest("args must be an object");
  return runCliCommand(command, args);
}
