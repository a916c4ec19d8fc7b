import { operation } from "../operation";

export const getOpenApiDocument = operation({
  method: "GET",
  path: "/v1/openapi.json",
  tag: "Meta",
  operationId: "getOpenApiDocument",
  summary: "This reference as OpenAPI 3.1",
  description:
    "The OpenAPI 3.1 document of /v1, generated from the zod schemas the routes use. Not wrapped: it carries no `schemaVersion`.",
  auth: "none",
  unwrapped: true,
  responses: { 200: { description: "The document.", schema: "OpenApiDocument" } },
});

/** In the order of the document. */
export const META = [getOpenApiDocument];
