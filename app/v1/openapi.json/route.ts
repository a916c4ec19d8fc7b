import { buildOpenApiDocument } from "@/lib/openapi/document";
import { getOpenApiDocument } from "@/lib/openapi/operations/meta";

// Built once per server process: the document only changes with a deploy.
let body: string | undefined;

/**
 * The OpenAPI 3.1 document of /v1. Outside the route wrapper on purpose: it needs no credential
 * and an OpenAPI document has no place for `schemaVersion` (its `info.version` says it).
 */
function serveDocument(): Response {
  body ??= JSON.stringify(buildOpenApiDocument());
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "public, max-age=300",
      // Public and credential-free, so API tools on other origins may fetch it.
      "access-control-allow-origin": "*",
    },
  });
}

export const GET = Object.assign(serveDocument, { operationId: getOpenApiDocument.operationId });
