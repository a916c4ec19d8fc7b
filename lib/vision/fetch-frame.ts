import https from "node:https";
import { ApiError } from "@/lib/errors";
import { pinnedLookup, resolveWebhookTarget, UnresolvedHostError, WebhookUrlError } from "@/lib/webhooks/ssrf";

/** A frame URL that does not answer within this long counts as unreachable. */
const FETCH_TIMEOUT_MS = 10_000;

const badUrl = (field: string, why: string) => new ApiError("invalid_request", `${field} ${why}.`, { errors: [`${field}: ${why}`] });
const unreachable = (field: string, why: string) =>
  new ApiError("validation_failed", `${field} could not be read: ${why}. Nothing was charged.`, { errors: [`${field}: ${why}`] });

/**
 * Downloads an image URL through the SSRF guard of webhooks: https only, every address of the
 * host public unicast, and the connection pinned to the address that was checked (no DNS
 * rebinding). No redirects; at most `maxBytes` (413 past it, counted as the bytes arrive).
 */
export async function fetchFrameUrl(input: string, maxBytes: number, field = "frame.url"): Promise<Buffer> {
  let target: Awaited<ReturnType<typeof resolveWebhookTarget>>;
  try {
    target = await resolveWebhookTarget(input, { allowHttpLoopback: false });
  } catch (error) {
    if (error instanceof WebhookUrlError) throw badUrl(field, error.message);
    if (error instanceof UnresolvedHostError) throw unreachable(field, error.message);
    throw error;
  }
  const { url, address } = target;
  return new Promise<Buffer>((resolve, reject) => {
    const request = https.get(
      url,
      {
        // Connect to the checked address whatever the name resolves to by now.
        lookup: pinnedLookup(address) as unknown as https.RequestOptions["lookup"],
        headers: { accept: "image/png, image/jpeg, image/webp" },
        timeout: FETCH_TIMEOUT_MS,
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(
            unreachable(
              field,
              `the server answered HTTP ${response.statusCode}${response.statusCode && response.statusCode >= 300 && response.statusCode < 400 ? " (redirects are not followed)" : ""}`,
            ),
          );
          return;
        }
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > maxBytes) {
          response.destroy();
          reject(new ApiError("payload_too_large", `${field} is ${declared} bytes; frames are at most ${maxBytes} bytes.`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new ApiError("payload_too_large", `${field} is more than ${maxBytes} bytes; frames are at most ${maxBytes} bytes.`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve(Buffer.concat(chunks)));
        response.on("error", (error) => reject(unreachable(field, error.message)));
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${FETCH_TIMEOUT_MS} ms`)));
    request.on("error", (error) => reject(unreachable(field, error.message)));
  });
}
