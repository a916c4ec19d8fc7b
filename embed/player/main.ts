// Entry of /embed/player.js (bundled by scripts/build-player.mjs). Boots from the session
// token in the URL fragment (`#token=…`, never sent to a server) or from the public slug the
// page names, loads the world, plays it and meters live play time with heartbeats. At a campaign
// chapter's winning ending, "Next chapter" loads the next chapter world with the same session
// (docs/campaigns.md "One session for the campaign") and plays it in place.
//
// Fragment options: `token` (session token, embed only); `hb` (heartbeat interval in seconds,
// 1..300, default 15) and `idle` (seconds without input before the beats end, default 300);
// tests shorten both.
import { loadWorld, RuntimeError, sendHeartbeat, type RuntimeWorld, type Source } from "./api";
import { Heartbeat, heartbeatTiming } from "./heartbeat";
import { WorldModel } from "./model";
import { LikeButton, wireSound } from "./controls";
import { Player } from "./player";
import { Soundscape } from "./sound";
import { showError } from "./status";
import type { NextChapter } from "./model";

function messageFor(error: unknown): [string, string] {
  if (error instanceof RuntimeError) {
    if (error.status === 401)
      return ["This session has ended", "The session token is missing, invalid or expired. Reload the page to start a new session."];
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

/**
 * The world a token was minted for (`sub`), read without verifying it: only to tell a player
 * "wrong world" rather than "session ended" when the server refuses the page's world.
 */
function tokenSubject(token: string): string | null {
  try {
    const payload = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { sub?: unknown };
    return typeof payload.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}

/** The page's one synthesiser: sound stays on (or off) from chapter to chapter. */
const sound = new Soundscape();

/** Shows a loaded world in the page's skeleton: its name, the test badge, its like button, a new player. */
function mount(root: HTMLElement, runtime: RuntimeWorld, session: Source): Player {
  const name = root.querySelector<HTMLElement>(".pw-name");
  const title = runtime.name || runtime.world.name;
  if (name) name.textContent = title;
  if (title) document.title = title;
  root.dataset.world = runtime.id ?? runtime.world.id;
  root.querySelector<HTMLElement>(".pw-badge")?.toggleAttribute("hidden", runtime.mode !== "test");
  root.querySelector<HTMLElement>(".pw-top [data-restart]")?.removeAttribute("hidden");
  const id = runtime.id ?? runtime.world.id;
  new LikeButton(root, id, runtime.likeable === true, runtime.likeCount ?? 0, session.kind === "token" ? session.token : null);
  return new Player(root, new WorldModel(runtime.world), runtime.cues ?? {}, sound);
}

function nextChapterProblem(error: unknown): string {
  if (error instanceof RuntimeError && error.status === 404) return "The next chapter is not available yet.";
  if (error instanceof RuntimeError && error.status === 401)
    return "This session cannot open the next chapter. Reload the page to start a new session.";
  return "The next chapter could not be loaded. Check your connection and try again.";
}

/**
 * Plays `runtime` and, at a chapter's winning ending, opens the next chapter with the same
 * session: an embed's token, or the anonymous token a public world came with.
 */
function play(root: HTMLElement, source: Source, runtime: RuntimeWorld): void {
  const session: Source | null = source.kind === "token" ? source : runtime.token ? { kind: "token", token: runtime.token } : null;
  const start = (player: Player) => {
    player.onNextChapter = async (next: NextChapter) => {
      if (!session) return nextChapterProblem(null);
      let chapter: RuntimeWorld;
      try {
        chapter = await loadWorld(session, next.worldId);
      } catch (error) {
        return nextChapterProblem(error);
      }
      player.destroy();
      // The server-drawn first frame belonged to the first chapter: draw this one afresh.
      delete root.dataset.state;
      start(mount(root, chapter, session));
      root.querySelector<HTMLButtonElement>(".pw-actions button")?.focus({ preventScroll: true });
      // A reload of the embed stays in this chapter (the token opens every chapter of its campaign).
      if (location.pathname.startsWith("/embed/w/"))
        history.replaceState(history.state, "", `/embed/w/${encodeURIComponent(root.dataset.world ?? next.worldId)}${location.hash}`);
      return null;
    };
    player.start();
  };
  start(mount(root, runtime, source));
}

async function boot(): Promise<void> {
  const root = document.getElementById("pw");
  if (!root) return;
  const fragment = new URLSearchParams(location.hash.slice(1));
  const timing = heartbeatTiming(fragment);

  let source: Source;
  if (root.dataset.source === "public") {
    source = { kind: "public", slug: root.dataset.slug ?? "" };
  } else {
    const token = fragment.get("token");
    if (!token) {
      return showError(
        root,
        "No session token",
        "Embed this player with a session token minted by your server: /embed/w/<worldId>#token=<token>.",
      );
    }
    source = { kind: "token", token };
  }

  wireSound(root, sound);
  const expected = root.dataset.world;
  try {
    // The page's world: the token's own or, the server decides, another chapter of its campaign.
    const runtime = await loadWorld(source, source.kind === "token" ? expected : undefined);
    // A token only plays its own world (or campaign): another world's page must not borrow it
    // (that page's frame-ancestors belong to another app).
    if (expected && (runtime.id ?? runtime.world.id) !== expected) {
      return showError(root, "Wrong world", "This session token was minted for another world.");
    }
    play(root, source, runtime);
    new Heartbeat(meter(source, runtime), timing.intervalMs, timing.idleMs).start();
  } catch (error) {
    const subject = source.kind === "token" ? tokenSubject(source.token) : null;
    // Only a readable token that names another world is "wrong world"; a malformed one has ended.
    if (error instanceof RuntimeError && error.status === 401 && expected && subject !== null && subject !== expected) {
      return showError(root, "Wrong world", "This session token was minted for another world.");
    }
    const [title, detail] = messageFor(error);
    showError(root, title, detail);
  }
}

void boot();
