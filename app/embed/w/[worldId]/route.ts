import { newNonce, playerHeaders, renderMissingPage, renderPlayerPage } from "@/embed/page/document";
import { findEmbedWorld } from "@/embed/page/worlds";
import { frameAncestorsFor, playerCuesOf } from "@/lib/runtime";

// The embed player for iframes: /embed/w/{worldId}#token=<session token>. The token stays in
// the fragment (never in a server log or a Referer); the page's script reads it. Only the app's
// embedding origins (and this app's own pages) may frame it (CSP frame-ancestors).
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ worldId: string }> };

export async function GET(_req: Request, { params }: Context): Promise<Response> {
  const { worldId } = await params;
  const nonce = newNonce();
  const world = await findEmbedWorld(worldId);
  if (!world) return new Response(renderMissingPage(nonce), { status: 404, headers: playerHeaders("'self'", nonce) });
  // A private world shows nothing before its token proves access: the server draws the first
  // frame only for worlds anyone with the link may see (public, unlisted).
  const shareable = world.visibility !== "private";
  const html = renderPlayerPage(
    {
      source: "token",
      worldId: world.id,
      ...(shareable ? { world: world.graph, name: world.name, mode: world.mode, cues: await playerCuesOf(world.graph) } : {}),
    },
    nonce,
  );
  return new Response(html, { status: 200, headers: playerHeaders(await frameAncestorsFor(world.appId), nonce) });
}
