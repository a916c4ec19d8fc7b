import { renderCharacterPage } from "@/embed/page/character-document";
import { newNonce, playerHeaders, renderMissingPage } from "@/embed/page/document";
import { findEmbedCharacter } from "@/embed/page/worlds";
import { frameAncestorsFor } from "@/lib/runtime";

// The character page for iframes: /embed/c/{characterId}#token=<session token>. Like the world
// player (/embed/w): the token stays in the fragment, and only the app's embedding origins (and
// this app's own pages) may frame it (CSP frame-ancestors). Speech plays from blob: URLs.
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ characterId: string }> };

export async function GET(_req: Request, { params }: Context): Promise<Response> {
  const { characterId } = await params;
  const nonce = newNonce();
  const character = await findEmbedCharacter(characterId);
  if (!character) return new Response(renderMissingPage(nonce, "Character"), { status: 404, headers: playerHeaders("'self'", nonce) });
  // A private character shows nothing before its token proves access; a shareable one (public,
  // unlisted) is drawn at once (its public graph: findEmbedCharacter strips the brain).
  const shareable = character.visibility !== "private";
  const html = renderCharacterPage(
    { characterId: character.id, ...(shareable ? { world: character.graph, name: character.name, mode: character.mode } : {}) },
    nonce,
  );
  return new Response(html, { status: 200, headers: playerHeaders(await frameAncestorsFor(character.appId), nonce, { media: true }) });
}
