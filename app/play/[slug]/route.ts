import { newNonce, playerHeaders, renderMissingPage, renderPlayerPage } from "@/embed/page/document";
import { findPublicWorld } from "@/embed/page/worlds";
import { frameAncestorsFor } from "@/lib/runtime";

// The public play page of a public live world (the World resource's `playUrl`): no token, the
// player boots from the slug. Framable by this app's pages and the owning app's embed origins.
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ slug: string }> };

export async function GET(_req: Request, { params }: Context): Promise<Response> {
  const { slug } = await params;
  const nonce = newNonce();
  const world = await findPublicWorld(slug);
  if (!world) return new Response(renderMissingPage(nonce), { status: 404, headers: playerHeaders("'self'", nonce) });
  const html = renderPlayerPage({ source: "public", slug, world: world.graph, name: world.name, mode: world.mode, indexable: true }, nonce);
  return new Response(html, { status: 200, headers: playerHeaders(await frameAncestorsFor(world.appId), nonce) });
}
