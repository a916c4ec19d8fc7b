// Live play time: a beat every `intervalMs` while the tab is visible, each carrying the whole
// seconds of visible time since the previous one (the fraction is carried over). Hidden time
// is never counted. Going hidden or away sends what is left with `keepalive`.

export type SendBeat = (seconds: number, final: boolean) => Promise<number>;

export class Heartbeat {
  private carriedMs = 0;
  private visibleSince: number | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;

  constructor(
    private readonly send: SendBeat,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    // The first beat registers the session (the world's session count) before any time passes.
    this.dispatch(0, false);
    document.addEventListener("visibilitychange", this.onVisibility);
    window.addEventListener("pagehide", this.onPageHide);
    window.addEventListener("pageshow", this.onVisibility);
    if (document.visibilityState === "visible") this.resume();
  }

  stop(): void {
    this.stopped = true;
    this.pause();
    document.removeEventListener("visibilitychange", this.onVisibility);
    window.removeEventListener("pagehide", this.onPageHide);
    window.removeEventListener("pageshow", this.onVisibility);
  }

  private resume(): void {
    if (this.stopped || this.visibleSince !== null) return;
    this.visibleSince = performance.now();
    this.timer = setInterval(() => this.beat(false), this.intervalMs);
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
