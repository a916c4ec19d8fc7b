// Entry of /embed/character.js (bundled by scripts/build-player.mjs). Boots from the session
// token in the URL fragment (`#token=…`, never sent to a server), loads the character (its
// public stance graph), opens the conversation and meters play time with heartbeats like the
// world player.
//
// Fragment options: `token` (session token minted with `characterId`); `hb` (heartbeat
// interval in seconds, 1..300, default 15) and `idle` (seconds without input before the beats
// end, default 300); tests shorten both.
import { loadWorld, RuntimeError, sendHeartbeat, type Source } from "@/embed/player/api";
import { Heartbeat, heartbeatTiming } from "@/embed/player/heartbeat";
import { showError } from "@/embed/player/status";
import { Chat } from "./chat";
import { describeFailure, readCharacter } from "./model";

async function boot(): Promise<void> {
  const root = document.getElementById("pc");
  if (!root) return;
  const fragment = new URLSearchParams(location.hash.slice(1));
  const timing = heartbeatTiming(fragment);
  // The public play page of a public character names its slug: an anonymous session comes with it.
  const slug = root.dataset.slug;
  const fragmentToken = fragment.get("token");
  if (!fragmentToken && !slug) {
    return showError(
      root,
      "No session token",
      "Embed this character with a session token minted by your server: /embed/c/<characterId>#token=<token>.",
    );
  }
  const source: Source = slug ? { kind: "public", slug } : { kind: "token", token: fragmentToken! };
  const characterId = root.dataset.character ?? "";

  try {
    const runtime = await loadWorld(source);
    const token = source.kind === "token" ? source.token : runtime.token;
    if (!token) return showError(root, "This session has ended", "Reload the page to start a new session.");
    // A token only talks to its own character: another character's page must not borrow it
    // (that page's frame-ancestors belong to another app).
    if ((runtime.id ?? runtime.world.id) !== characterId || (runtime as { kind?: string }).kind !== "character") {
      return showError(root, "Wrong character", "This session token was minted for another world or character.");
    }
    const character = readCharacter(runtime.world, runtime.name);
    if (!character) return showError(root, "This character cannot talk", "It has no stances to show.");
    const name = root.querySelector<HTMLElement>(".pw-name");
    if (name) name.textContent = character.name;
    document.title = character.name;
    root.querySelector<HTMLElement>(".pw-badge")?.toggleAttribute("hidden", runtime.mode !== "test");
    new Chat(root, character, characterId, token).start();
    new Heartbeat((seconds, final) => sendHeartbeat(source, runtime.sessionId, seconds, final), timing.intervalMs, timing.idleMs).start();
  } catch (error) {
    if (error instanceof RuntimeError && error.status === 401)
      return showError(
        root,
        "This session has ended",
        "The session token is missing, invalid or expired. Reload the page to start a new session.",
      );
    if (error instanceof RuntimeError && error.status === 404)
      return showError(root, "Character not found", "This character does not exist or is not available here.");
    const status = error instanceof RuntimeError ? error.status : 0;
    showError(
      root,
      "The character could not be loaded",
      describeFailure(status, error instanceof Error ? error.message : undefined, "The character").message,
    );
  }
}

void boot();
