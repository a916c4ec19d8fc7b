import { readAsset } from "@/lib/assets/assets";

// Content-addressed, so a URL's bytes never change: cache forever.
export async function GET(_req: Request, context: { params: Promise<{ name: string }> }) {
  const asset = await readAsset((await context.params).name);
  if (!asset) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(asset.bytes), {
    headers: {
      "content-type": asset.mimeType,
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
