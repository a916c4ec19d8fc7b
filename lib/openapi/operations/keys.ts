import { ZCreateKey } from "@/lib/keys/keys";
import { ZKeyParams } from "@/lib/keys/requests";
import { ZIdParams } from "@/lib/shared/params";
import { operation } from "../operation";

export const listKeys = operation({
  method: "GET",
  path: "/v1/apps/{id}/keys",
  tag: "Keys",
  operationId: "listKeys",
  summary: "List an app's keys",
  description: "Key metadata, newest first. Secrets are never returned.",
  auth: "user",
  params: ZIdParams,
  responses: { 200: { description: "The keys.", schema: "KeyList" } },
  errors: { not_found: "no app with this id among the user's" },
});

export const createKey = operation({
  method: "POST",
  path: "/v1/apps/{id}/keys",
  tag: "Keys",
  operationId: "createKey",
  summary: "Create a key",
  description:
    "Returns the key's metadata and its `secret`, the only time the secret is shown. Scopes, when given, restrict the key to routes that declare one of them.",
  auth: "user",
  idempotency: "key",
  params: ZIdParams,
  body: ZCreateKey,
  responses: { 201: { description: "The new key with its secret.", schema: "CreatedKey" } },
  errors: { not_found: "no app with this id among the user's" },
});

export const revokeKey = operation({
  method: "DELETE",
  path: "/v1/apps/{id}/keys/{keyId}",
  tag: "Keys",
  operationId: "revokeKey",
  summary: "Revoke a key",
  description:
    "Sets `revoked_at`; the key stops working at once (within seconds on multi-server deployments). Revoking again keeps the first time.",
  auth: "user",
  params: ZKeyParams,
  responses: { 200: { description: "The revoked key's metadata.", schema: "KeyBody" } },
  errors: { not_found: "no such app of the user's, or no such key of it" },
});

/** In the order of the document. */
export const KEYS = [listKeys, createKey, revokeKey];
