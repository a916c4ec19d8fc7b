import { NonRetriableError } from "inngest";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { sdkLogLevel } from "./client";

// The SDK reports expected failures at `error`; the app's log keeps `error` for its own bugs.
describe("the Inngest SDK's messages in the app's log", () => {
  it.each([
    ["a step error (retried, or the function's error when final)", "error", "Inngest step error", { err: new Error("transient") }, "debug"],
    ["a function's failed attempt", "error", "Inngest function error", { err: new TypeError("x is undefined") }, "warn"],
    ["a function that gave up on purpose", "error", "Inngest function error", { err: new NonRetriableError("not worth retrying") }, "info"],
    [
      "a function stopped by an API error (over quota)",
      "error",
      "Inngest function error",
      { err: new ApiError("quota_exceeded", "used up") },
      "info",
    ],
    ["a request with a bad signature", "error", "Signature validation failed", { err: new Error("Invalid signature") }, "warn"],
    ["any other SDK error", "error", "Failed to register", { err: new Error("boom") }, "error"],
    ["any other SDK warning", "warn", "Some functions passed to serve() are undefined", undefined, "warn"],
  ] as const)("%s", (_name, level, message, fields, expected) => {
    expect(sdkLogLevel(level, message, fields)).toBe(expected);
  });
});
