import { storeAsset, storeManifest } from "@/lib/assets/assets";
import { ApiError } from "@/lib/errors";
import { withQuota, type QuotaKind } from "@/lib/quota/quota";

/**
 * One metered piece of media (a painted frame, speech): a unit of `kind` is reserved before the
 * provider runs, the bytes it makes are hosted as an asset (with its scene manifest, if any), and any failure gives the unit back
 * and answers 502 `upstream_failed`, safe to retry (fail-closed).
 */
export async function makeHostedAsset<T extends { bytes: Buffer; mimeType: string; manifest?: unknown }>(
  request: { appId: string; kind: QuotaKind; baseUrl: string; failure: string },
  make: () => Promise<T>,
): Promise<{ made: T; url: string; manifest?: string }> {
  return withQuota(request.appId, request.kind, async () => {
    try {
      const made = await make();
      const stored = await storeAsset(made.bytes, made.mimeType, request.baseUrl);
      // A painter that knows what it drew: its scene manifest is hosted beside the frame.
      const manifest = made.manifest ? (await storeManifest(stored, made.manifest, request.baseUrl)).url : undefined;
      return { made, url: stored.url, ...(manifest ? { manifest } : {}) };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError("upstream_failed", `${request.failure} (${(error as Error).message}); nothing was charged. It is safe to retry.`);
    }
  });
}
