import { renderCharacterPage } from "@/embed/page/character-document";
import { newNonce, playerHeaders, renderMissingPage, renderPlayerPage } from "@/embed/page/document";
import { findPublicCharacter, findPublicWorld } from "@/embed/page/worlds";
import { frameAncestorsFor, playerCuesOf } from "@/lib/runtime";

// The public play page of a public live world (the World resource's `playUrl`) or character: no
// token, the player boots from the slug. Framable by this app's pages and the owning app's embed origins.
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ slug: string }> };

export async function GET(_req: Request, { params }: Context): Promise<Response> {
  const { slug } = await params;
  const nonce = newNonce();
  const world = await findPublicWorld(slug);
  if (!world) {
    // Explore lists public characters too: their play page is the character page, without a token.
    const character = await findPublicCharacter(slug);
    if (!character) return new Response(renderMissingPage(nonce), { status: 404, headers: playerHeaders("'self'", nonce) });
    const html = renderCharacterPage(
      { characterId: character.id, slug, world: character.graph, name: character.name, mode: character.mode },
      nonce,
    );
    return new Response(html, { status: 200, headers: playerHeaders(await frameAncestorsFor(character.appId), nonce, { media: true }) });
  }
  const cues = await playerCuesOf(world.graph);
  const html = renderPlayerPage(
    { source: "public", slug, world: world.graph, name: world.name, mode: world.mode, indexable: true, cues, likeCount: world.likeCount },
    nonce,
  );
  return new Response(html, { status: 200, headers: playerHeaders(await frameAncestorsFor(world.appId), nonce) });
}
