// Entry of /embed/player.js (bundled by scripts/build-player.mjs). Boots from the session
// token in the URL fragment (`#token=…`, never sent to a server) or from the public slug the
// page names, loads the world, plays it and meters live play time with heartbeats.
//
// Fragment options: `token` (session token, embed only); `hb` (heartbeat interval in seconds,
// 1..300, default 15; tests shorten it).
import { loadWorld, RuntimeError, sendHeartbeat, type RuntimeWorld, type Source } from "./api";
import { Heartbeat } from "./heartbeat";
import { WorldModel } from "./model";
import { Player } from "./player";
import { showError } from "./status";

const DEFAULT_HEARTBEAT_S = 15;

function messageFor(error: unknown): [string, string] {
  if (error instanceof RuntimeError) {
    if (error.status === 401) return ["This session has ended", "The session token is missing, invalid or expired. Reload the page to start a new session."];
    if (error.status === 404) return ["World not found", "This world does not exist or is not available here."];
    return ["The world could not be loaded", error.message];
  }
  return ["The world could not be played", error instanceof Error ? error.message : String(error)];
}

/**
 * Sends heartbeats for the session. An anonymous session of a public world lasts an hour: when it
 * has run out, the player loads the world again for a fresh one and carries on.
 */
function meter(source: Source, first: RuntimeWorld) {
  const sessionOf = (r: RuntimeWorld) => ({ source: r.token ? ({ kind: "token", token: r.token } as Source) : source, id: r.sessionId });
  let session = sessionOf(first);
  return async (seconds: number, final: boolean): Promise<number> => {
    const status = await sendHeartbeat(session.source, session.id, seconds, final);
    if (status !== 401 || source.kind !== "public" || final) return status;
    try {
      session = sessionOf(await loadWorld(source));
    } catch {
      return status;
    }
    return sendHeartbeat(session.source, session.id, seconds, false);
  };
}

async function boot(): Promise<void> {
  const root = document.getElementById("pw");
  if (!root) return;
  const fragment = new URLSearchParams(location.hash.slice(1));
  const hb = Number(fragment.get("hb"));
  const intervalS = Number.isFinite(hb) && hb >= 1 && hb <= 300 ? hb : DEFAULT_HEARTBEAT_S;

  let source: Source;
  if (root.dataset.source === "public") {
    source = { kind: "public", slug: root.dataset.slug ?? "" };
  } else {
    const token = fragment.get("token");
    if (!token) {
      return showError(root, "No session token", "Embed this player with a session token minted by your server: /embed/w/<worldId>#token=<token>.");
    }
    source = { kind: "token", token };
  }

  try {
    const runtime = await loadWorld(source);
    const expected = root.dataset.world;
    // A token only plays its own world: another world's page must not borrow it (that page's
    // frame-ancestors belong to another app).
    if (expected && (runtime.id ?? runtime.world.id) !== expected) {
      return showError(root, "Wrong world", "This session token was minted for another world.");
    }
    const name = root.querySelector<HTMLElement>(".pw-name");
    if (name) name.textContent = runtime.name || runtime.world.name;
    if (runtime.name || runtime.world.name) document.title = runtime.name || runtime.world.name;
    root.querySelector<HTMLElement>(".pw-badge")?.toggleAttribute("hidden", runtime.mode !== "test");
    root.querySelector<HTMLElement>(".pw-top [data-restart]")?.removeAttribute("hidden");
    new Player(root, new WorldModel(runtime.world)).start();
    new Heartbeat(meter(source, runtime), intervalS * 1000).start();
  } catch (error) {
    const [title, detail] = messageFor(error);
    showError(root, title, detail);
  }
}

void boot();
