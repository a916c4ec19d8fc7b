// The player's top-bar controls that outlive a chapter: the sound toggle with its volume, and
// the like button (docs/explore.md). Both are plain buttons with `aria-pressed`.
import { ensurePlayerId, likedAmong, sendLike, type Liker } from "@/lib/shared/likes-client";
import type { Soundscape } from "./sound";

const VOLUME_KEY = "pw.volume";

/** Sound is off until the player presses the toggle (a click: browsers allow audio then). */
export function wireSound(root: HTMLElement, sound: Soundscape): void {
  const toggle = root.querySelector<HTMLButtonElement>("[data-sound]");
  const volume = root.querySelector<HTMLInputElement>("[data-volume]");
  if (!toggle || !volume) return;
  try {
    const kept = Number(localStorage.getItem(VOLUME_KEY));
    if (localStorage.getItem(VOLUME_KEY) !== null && Number.isFinite(kept)) volume.value = String(kept);
  } catch {
    // no storage: the default volume
  }
  sound.setVolume(Number(volume.value) / 100);
  toggle.addEventListener("click", () => {
    const on = toggle.getAttribute("aria-pressed") !== "true";
    toggle.setAttribute("aria-pressed", String(on));
    toggle.title = on ? "Sound: on (mute)" : "Sound: off (turn on the scene's ambient sound)";
    volume.hidden = !on;
    root.dataset.sound = on ? "on" : "off";
    void sound.setEnabled(on);
  });
  volume.addEventListener("input", () => {
    sound.setVolume(Number(volume.value) / 100);
    try {
      localStorage.setItem(VOLUME_KEY, volume.value);
    } catch {
      // not remembered
    }
  });
}

/** The `userRef` of a session token, read without verifying it: only to choose who likes. */
function tokenUserRef(token: string): string | null {
  try {
    const payload = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { userRef?: unknown };
    return typeof payload.userRef === "string" ? payload.userRef : null;
  } catch {
    return null;
  }
}

/**
 * The like button of the world now playing: hidden when it may not be liked; else the count,
 * pressed when this player likes it. An embed whose token names an end user likes as that user;
 * anyone else as this browser's anonymous player.
 */
export class LikeButton {
  private liked = false;
  private busy = false;
  private readonly button: HTMLButtonElement | null;

  constructor(
    root: HTMLElement,
    private readonly worldId: string,
    likeable: boolean,
    private count: number,
    private readonly token: string | null,
  ) {
    this.button = root.querySelector<HTMLButtonElement>("[data-like]");
    if (!this.button) return;
    this.button.hidden = !likeable;
    this.render();
    if (!likeable) return;
    this.button.onclick = () => void this.toggle();
    void this.liker().then(async (liker) => {
      if (!liker) return;
      this.liked = (await likedAmong([this.worldId], liker)).has(this.worldId);
      this.render();
    });
  }

  private async liker(): Promise<Liker | null> {
    if (this.token && tokenUserRef(this.token)) return { token: this.token };
    const playerId = await ensurePlayerId();
    return playerId ? { playerId } : null;
  }

  private render(): void {
    if (!this.button) return;
    this.button.setAttribute("aria-pressed", String(this.liked));
    this.button.setAttribute("aria-label", `${this.liked ? "Liked" : "Like"} (${this.count} ${this.count === 1 ? "like" : "likes"})`);
    this.button.title = this.liked ? "You like this world (take the like back)" : "Like this world";
    const count = this.button.querySelector(".pw-like-count");
    if (count) count.textContent = String(this.count);
  }

  private async toggle(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.button?.setAttribute("aria-busy", "true");
    try {
      const liker = await this.liker();
      if (!liker) return;
      const next = await sendLike(this.worldId, !this.liked, liker);
      this.liked = next.liked;
      this.count = next.likeCount;
    } catch (error) {
      if (this.button) this.button.title = error instanceof Error ? error.message : "The like could not be saved.";
    } finally {
      this.busy = false;
      this.button?.removeAttribute("aria-busy");
      this.render();
    }
  }
}
