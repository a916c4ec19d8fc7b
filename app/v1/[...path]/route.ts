import { jsonResponse } from "@/lib/http/respond";

// Unknown /v1 paths answer in the API's own error shape rather than with an HTML page.
function notFound(req: Request): Response {
  return jsonResponse(404, { detail: `No route ${req.method} ${new URL(req.url).pathname}.`, code: "not_found" });
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
