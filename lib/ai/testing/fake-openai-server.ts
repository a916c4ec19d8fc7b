import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

// A fake OpenAI-compatible server for the provider tests: node:http on 127.0.0.1, answering
// `POST /v1/chat/completions` and `POST /v1/images/generations` from queues the test fills,
// recording every request. Not used outside tests.

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body's bytes as sent (multipart forms: read them with `formParts`). */
  raw: Buffer;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the JSON bodies loosely
  body: any;
}

/** What the server answers: JSON with a status, or never (to exercise timeouts). */
export type FakeReply = { status?: number; json: unknown } | { hang: true };

export interface FakeOpenAIServer {
  /** e.g. http://127.0.0.1:54321/v1 (pass as baseURL). */
  baseURL: string;
  requests: RecordedRequest[];
  /** Answers for /chat/completions, consumed in order; when empty the server answers 500. */
  chat: FakeReply[];
  /** Answers for /images/generations and /images/edits, consumed in order. */
  images: FakeReply[];
  close(): Promise<void>;
}

/** A chat-completions response whose assistant message is `content`. */
export function chatAnswer(content: string): FakeReply {
  return {
    json: {
      id: "chatcmpl-fake",
      object: "chat.completion",
      created: 1_700_000_000,
      model: "fake-chat",
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    },
  };
}

/** An images response carrying `bytes` as b64_json. */
export function imageAnswer(bytes: Buffer): FakeReply {
  return { json: { created: 1_700_000_000, data: [{ b64_json: bytes.toString("base64") }] } };
}

export function errorAnswer(status: number, message: string): FakeReply {
  return { status, json: { error: { message, type: "server_error", code: null } } };
}

/**
 * The images a chat request carries, decoded: every `image_url` part of every message whose URL
 * is a base64 data URL (how OpenAI-compatible clients send image bytes).
 */
export function imagesIn(request: RecordedRequest): { mediaType: string; bytes: Buffer }[] {
  const found: { mediaType: string; bytes: Buffer }[] = [];
  const messages: unknown[] = Array.isArray(request.body?.messages) ? request.body.messages : [];
  for (const message of messages) {
    const content = (message as { content?: unknown }).content;
    if (!Array.isArray(content)) continue;
    for (const part of content as { type?: string; image_url?: { url?: string } }[]) {
      const match = part.type === "image_url" ? /^data:([^;,]+);base64,(.*)$/s.exec(part.image_url?.url ?? "") : null;
      if (match) found.push({ mediaType: match[1]!, bytes: Buffer.from(match[2]!, "base64") });
    }
  }
  return found;
}

/** The parts of a multipart/form-data request (the images edits endpoint): name, file name, type and bytes. */
export function formParts(request: RecordedRequest): { name: string; filename?: string; contentType?: string; data: Buffer }[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(String(request.headers["content-type"] ?? ""));
  if (!boundary) return [];
  const marker = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: { name: string; filename?: string; contentType?: string; data: Buffer }[] = [];
  let at = request.raw.indexOf(marker);
  while (at !== -1) {
    const next = request.raw.indexOf(marker, at + marker.length);
    if (next === -1) break;
    const part = request.raw.subarray(at + marker.length + 2, next - 2); // past CRLF, before CRLF
    const split = part.indexOf("\r\n\r\n");
    const head = part.subarray(0, split).toString("utf8");
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? "";
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    const contentType = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
    parts.push({
      name,
      ...(filename !== undefined ? { filename } : {}),
      ...(contentType ? { contentType } : {}),
      data: part.subarray(split + 4),
    });
    at = next;
  }
  return parts;
}

export async function startFakeOpenAI(): Promise<FakeOpenAIServer> {
  const requests: RecordedRequest[] = [];
  const chat: FakeReply[] = [];
  const images: FakeReply[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const bytes = Buffer.concat(chunks);
      const raw = bytes.toString("utf8");
      let body: unknown = raw;
      try {
        body = raw === "" ? undefined : JSON.parse(raw);
      } catch {
        // keep the raw text
      }
      const path = (req.url ?? "").split("?")[0] ?? "";
      requests.push({ method: req.method ?? "", path, headers: req.headers, raw: bytes, body });
      const queue =
        req.method === "POST" && path === "/v1/chat/completions"
          ? chat
          : req.method === "POST" && (path === "/v1/images/generations" || path === "/v1/images/edits")
            ? images
            : null;
      const reply: FakeReply =
        queue === null
          ? errorAnswer(404, `fake server: no route ${req.method} ${path}`)
          : (queue.shift() ?? errorAnswer(500, "fake server: no answer queued"));
      if ("hang" in reply) return; // never answer
      res.writeHead(reply.status ?? 200, { "content-type": "application/json" });
      res.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    chat,
    images,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
