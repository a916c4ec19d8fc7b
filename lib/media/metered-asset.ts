import { storeAsset } from "@/lib/assets/assets";
import { ApiError } from "@/lib/errors";
import { withQuota, type QuotaKind } from "@/lib/quota/quota";

/**
 * One metered piece of media (a painted frame, speech): a unit of `kind` is reserved before the
 * provider runs, the bytes it makes are hosted as an asset, and any failure gives the unit back
 * and answers 502 `upstream_failed`, safe to retry (fail-closed).
 */
export async function makeHostedAsset<T extends { bytes: Buffer; mimeType: string }>(
  request: { appId: string; kind: QuotaKind; baseUrl: string; failure: string },
  make: () => Promise<T>,
): Promise<{ made: T; url: string }> {
  return withQuota(request.appId, request.kind, async () => {
    try {
      const made = await make();
      const stored = await storeAsset(made.bytes, made.mimeType, request.baseUrl);
      return { made, url: stored.url };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError("upstream_failed", `${request.failure} (${(error as Error).message}); nothing was charged. It is safe to retry.`);
    }
  });
}
