import { ApiError, badRequest } from "@/lib/errors";

/**
 * Reads a JSON object body, refusing it as soon as it passes `maxBytes`: the declared
 * Content-Length is checked first and the stream is counted as it arrives, so an oversized
 * body is never buffered whole.
 */
export async function readJsonObject(req: Request, maxBytes: number, allowEmpty = false): Promise<Record<string, unknown>> {
  const tooLarge = () => new ApiError("payload_too_large", `Request body exceeds the limit of ${maxBytes} bytes.`);
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "" && allowEmpty) return {};
  if (text.trim() === "") throw badRequest("Request body is empty; a JSON object is required.");

  const type = req.headers.get("content-type") ?? "";
  if (type && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiError("unsupported_media_type", "Content-Type must be application/json.");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badRequest(`Malformed JSON: ${(error as Error).message}`);
  }
  // Text that PostgreSQL cannot store (NUL, a lone UTF-16 surrogate) is refused at the door.
  if (/\\u0000/i.test(text)) throw badRequest("Strings may not contain NUL characters (\\u0000).");
  if (/\\ud[89a-f]/i.test(text) && !wellFormed(parsed)) throw badRequest("Strings may not contain lone UTF-16 surrogates.");
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw badRequest(
      `Request body must be a JSON object, not ${Array.isArray(parsed) ? "an array" : parsed === null ? "null" : `a ${typeof parsed}`}.`,
    );
  }
  return parsed as Record<string, unknown>;
}

function wellFormed(value: unknown): boolean {
  if (typeof value === "string") return value.isWellFormed();
  if (Array.isArray(value)) return value.every(wellFormed);
  if (value && typeof value === "object") return Object.entries(value).every(([key, child]) => key.isWellFormed() && wellFormed(child));
  return true;
}
