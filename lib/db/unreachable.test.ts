import { describe, expect, it } from "vitest";
import { Prisma } from "./generated/client";
import { isDatabaseUnreachable } from "./unreachable";

const known = (code: string) => new Prisma.PrismaClientKnownRequestError("x", { code, clientVersion: "7" });
const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnreachable", () => {
  it.each([
    ["a refused connection", withCode("ECONNREFUSED")],
    ["a dropped socket (node-postgres says it in words)", new Error("Connection terminated unexpectedly")],
    ["an admin shutdown (SQLSTATE 57P01)", withCode("57P01")],
    ["a connection exception (SQLSTATE class 08)", withCode("08006")],
    ["Prisma: cannot reach the server", known("P1001")],
    ["Prisma: a transaction that could not start in time", known("P2028")],
    ["the driver adapter's kind, as a cause", Object.assign(new Error("wrapped"), { cause: { kind: "DatabaseNotReachable" } })],
    ["one of an AggregateError's", new AggregateError([withCode("ECONNREFUSED")], "connect")],
  ])("yes: %s", (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", known("P2002")],
    ["a missing record", known("P2025")],
    ["a missing table (SQLSTATE 42P01)", withCode("42P01")],
    ["a bug", new TypeError("x is undefined")],
    ["not an error", "boom"],
  ])("no: %s", (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});
