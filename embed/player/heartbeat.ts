// Live play time: a beat every `intervalMs` while the tab is visible and the player is active,
// each carrying the whole seconds of visible time since the previous one (the fraction is
// carried over). Hidden time is never counted. Going hidden or away sends what is left with
// `keepalive`. The beats end: when the tab is hidden, when the session has ended (a 4xx), and
// after `idleMs` without a click, key or touch (a tab left open is not play, and its network
// falls quiet); the next input starts them again.

export type SendBeat = (seconds: number, final: boolean) => Promise<number>;

/** Inputs that show a person is playing. */
const ACTIVITY = ["pointerdown", "keydown", "touchstart", "wheel"] as const;

/** Five minutes without input ends the beats (docs/runtime.md "Heartbeats"). */
export const DEFAULT_IDLE_MS = 5 * 60_000;

export class Heartbeat {
  private carriedMs = 0;
  private visibleSince: number | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  private lastInput = performance.now();
  private idle = false;

  constructor(
    private readonly send: SendBeat,
    private readonly intervalMs: number,
    private readonly idleMs = DEFAULT_IDLE_MS,
  ) {}

  start(): void {
    // The first beat registers the session (the world's session count) before any time passes.
    this.dispatch(0, false);
    document.addEventListener("visibilitychange", this.onVisibility);
    window.addEventListener("pagehide", this.onPageHide);
    window.addEventListener("pageshow", this.onVisibility);
    for (const type of ACTIVITY) window.addEventListener(type, this.onInput, { capture: true, passive: true });
    if (document.visibilityState === "visible") this.resume();
  }

  stop(): void {
    this.stopped = true;
    this.pause();
    document.removeEventListener("visibilitychange", this.onVisibility);
    window.removeEventListener("pagehide", this.onPageHide);
    window.removeEventListener("pageshow", this.onVisibility);
    for (const type of ACTIVITY) window.removeEventListener(type, this.onInput, { capture: true });
  }

  /** Whether beats are being sent now (not idle, hidden or stopped). */
  get running(): boolean {
    return this.timer !== undefined;
  }

  private resume(): void {
    if (this.stopped || this.idle || this.visibleSince !== null) return;
    this.visibleSince = performance.now();
    this.timer = setInterval(this.tick, this.intervalMs);
  }

  private pause(): void {
    this.collect();
    this.visibleSince = null;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private collect(): void {
    if (this.visibleSince === null) return;
    const now = performance.now();
    this.carriedMs += now - this.visibleSince;
    this.visibleSince = now;
  }

  private readonly tick = (): void => {
    if (performance.now() - this.lastInput < this.idleMs) return this.beat(false);
    // Idle: send what is left and fall quiet until the next input.
    this.beat(true);
    this.pause();
    this.idle = true;
  };

  private beat(final: boolean): void {
    if (this.stopped) return;
    this.collect();
    // Regular beats send whole seconds; the last one rounds, so no second is lost at the end.
    const seconds = final ? Math.round(this.carriedMs / 1000) : Math.floor(this.carriedMs / 1000);
    if (seconds <= 0) return;
    this.carriedMs = Math.max(0, this.carriedMs - seconds * 1000);
    this.dispatch(seconds, final);
  }

  private dispatch(seconds: number, final: boolean): void {
    void this.send(seconds, final).then((status) => {
      // The session is over (expired or revoked token, unknown session): stop metering.
      if (status === 400 || status === 401 || status === 403 || status === 404) this.stop();
    });
  }

  private readonly onInput = (): void => {
    this.lastInput = performance.now();
    if (!this.idle) return;
    this.idle = false;
    if (document.visibilityState === "visible") this.resume();
  };

  private readonly onVisibility = (): void => {
    if (document.visibilityState === "visible") {
      this.resume();
    } else {
      this.beat(true);
      this.pause();
    }
  };

  private readonly onPageHide = (): void => {
    this.beat(true);
    this.pause();
  };
}

/**
 * The page's heartbeat timing from its URL fragment: `hb` (interval in seconds, 1..300, default
 * 15) and `idle` (seconds without input before the beats end, 1..3600, default 300); tests
 * shorten both.
 */
export function heartbeatTiming(fragment: URLSearchParams): { intervalMs: number; idleMs: number } {
  const read = (name: string, max: number) => {
    const value = Number(fragment.get(name));
    return fragment.has(name) && Number.isFinite(value) && value >= 1 && value <= max ? value * 1000 : null;
  };
  return { intervalMs: read("hb", 300) ?? 15_000, idleMs: read("idle", 3600) ?? DEFAULT_IDLE_MS };
}
