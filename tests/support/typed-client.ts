/**
 * The API as its users call it: openapi-fetch over the types openapi-typescript generated from
 * /v1/openapi.json (clients/typescript/openapi.d.ts, `npm run gen:client`). `sendRequest` is the
 * untyped door of the same client for the fuzz and the credential matrix, which send what the
 * types forbid on purpose (wrong types, truncated JSON, other content types).
 */
import createClient from "openapi-fetch";
import type { paths } from "@/clients/typescript/openapi";
import type { HttpMethod } from "@/lib/openapi/operation";

export type TypedClient = ReturnType<typeof createClient<paths>>;

export function typedClient(baseUrl: string): TypedClient {
  return createClient<paths>({ baseUrl });
}

/** `Authorization: Bearer <token>` as the typed calls' `headers`. */
export const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** A body as JSON, or bytes sent as they are under a Content-Type (none when `contentType` is null). */
export type RequestBody = { json: unknown } | { raw: string | Uint8Array; contentType: string | null };

export interface OutgoingRequest {
  method: HttpMethod;
  /** The document's path template, `/v1/worlds/{id}`. */
  template: string;
  path?: Record<string, string>;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer <token>`; none when undefined. */
  token?: string;
  body?: RequestBody;
}

export interface IncomingResponse {
  status: number;
  /** The parsed JSON body; the text when it is not JSON; undefined when empty. */
  body: unknown;
  headers: Headers;
  /** The concrete path and query that were requested. */
  path: string;
}

export async function sendRequest(client: TypedClient, req: OutgoingRequest): Promise<IncomingResponse> {
  const headers: Record<string, string | null> = { ...req.headers };
  if (req.token !== undefined) headers.authorization = `Bearer ${req.token}`;
  let body: unknown;
  let bodySerializer: ((value: unknown) => string | Uint8Array) | undefined;
  if (req.body && "json" in req.body) {
    body = req.body.json;
    headers["content-type"] ??= "application/json";
    // A hostile value nested thousands deep inside a body can pass what JSON.stringify walks on
    // this stack: such a body is written out without recursion, and sent all the same.
    bodySerializer = deepSafeJson;
  } else if (req.body) {
    body = req.body.raw;
    bodySerializer = (value) => value as string | Uint8Array;
    // openapi-fetch drops a header whose value is null: a body with no Content-Type at all.
    headers["content-type"] = req.body.contentType;
  }
  // The typed signature cannot follow a template chosen at run time: this is the dynamic door.
  const call = client.request as unknown as (
    method: string,
    url: string,
    init: Record<string, unknown>,
  ) => Promise<{ response: Response; data?: unknown; error?: unknown }>;
  const init = {
    params: { path: req.path ?? {}, query: req.query ?? {} },
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(bodySerializer ? { bodySerializer } : {}),
    parseAs: "text",
  };
  let result: Awaited<ReturnType<typeof call>>;
  try {
    result = await call(req.method.toLowerCase(), req.template, init);
  } catch (failure) {
    // A pause between requests (waiting for jobs) can outlast the server's 5 s keep-alive: a request
    // written to the socket the server is closing is reset unread. Only that is sent again.
    if ((failure as { cause?: { code?: string } }).cause?.code !== "ECONNRESET") throw failure;
    result = await call(req.method.toLowerCase(), req.template, init);
  }
  const { response, data, error } = result;
  // A success is read as text (parseAs); openapi-fetch has already tried JSON on an error's text.
  const raw = data ?? error;
  let parsed: unknown = raw === "" ? undefined : raw;
  if (typeof raw === "string" && raw) {
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = raw;
    }
  }
  const url = new URL(response.url);
  return { status: response.status, body: parsed, headers: response.headers, path: url.pathname + url.search };
}

/** JSON text of `value` (JSON.stringify's, where it can walk it), else written out with an explicit stack. */
function deepSafeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  const out: string[] = [];
  // Each entry: a value to write, or text already written (separators and closers).
  const stack: Array<{ value: unknown } | string> = [{ value }];
  while (stack.length) {
    const next = stack.pop()!;
    if (typeof next === "string") {
      out.push(next);
      continue;
    }
    const v = next.value;
    if (Array.isArray(v)) {
      out.push("[");
      stack.push("]");
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push({ value: v[i] === undefined || typeof v[i] === "function" ? null : v[i] });
        if (i > 0) stack.push(",");
      }
    } else if (v !== null && typeof v === "object" && typeof (v as { toJSON?: unknown }).toJSON !== "function") {
      const entries = Object.entries(v).filter(([, child]) => child !== undefined && typeof child !== "function");
      out.push("{");
      stack.push("}");
      for (let i = entries.length - 1; i >= 0; i--) {
        stack.push({ value: entries[i]![1] });
        stack.push(`${JSON.stringify(entries[i]![0])}:`);
        if (i > 0) stack.push(",");
      }
    } else out.push(JSON.stringify(v) ?? "null");
  }
  return out.join("");
}
