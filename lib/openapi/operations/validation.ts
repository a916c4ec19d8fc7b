import { ZIdParams } from "@/lib/shared/params";
import { ZValidateBody } from "@/lib/worlds/requests";
import { operation } from "../operation";
import { importBodyLimit, notFoundWorld, notModified } from "./common";

export const validateWorld = operation({
  method: "POST",
  path: "/v1/validate",
  tag: "Validation",
  operationId: "validateWorld",
  summary: "Validate a world",
  description:
    "Runs the schema check and the kernel gate on `world` without persisting anything, reading it as an import is read (every state field but `id` may be omitted and reads as its `add_state` default). `ok` is the gate's verdict; `diagnostics` lists every finding.",
  auth: "key",
  scope: "worlds:read",
  body: ZValidateBody,
  bodyLimit: importBodyLimit,
  responses: { 200: { description: "The verdict.", schema: "ValidateResult" } },
});

export const lintWorld = operation({
  method: "GET",
  path: "/v1/worlds/{id}/lint",
  tag: "Validation",
  operationId: "lintWorld",
  summary: "Lint a stored world",
  description: "Every lint finding on the stored working graph.",
  auth: "key",
  scope: "worlds:read",
  params: ZIdParams,
  headers: ["If-None-Match"],
  responses: { 200: { description: "The findings.", schema: "LintResult", headers: ["ETag"] }, 304: notModified },
  errors: notFoundWorld,
});

/** In the order of the document. */
export const VALIDATION = [validateWorld, lintWorld];
