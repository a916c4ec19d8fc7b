// The player: draws one state at a time into the server-rendered skeleton (see
// embed/page/document.ts), plays events by click or hotkey, crossfades transitions, plays
// overrides in place as a caption, and shows endings as a card with a restart (and, on a
// campaign chapter's winning ending, "Next chapter", which the page's `onNextChapter` opens).
import type { SceneCues } from "@/lib/shared/scene-cues";
import { actionsHtml, endingHtml, esc, frameLayerHtml, panelHtml } from "./markup";
import type { NextChapter, SceneView, WorldModel } from "./model";
import { Rig } from "./motion";
import { Soundscape } from "./sound";
import { must, Stage, TRANSITION_MS, wait } from "./stage";

const PANEL_FADE_MS = 200;
const CAPTION_MS = { transition: 2600, override: 5200 } as const;

export class Player {
  private view: SceneView | null = null;
  private captionTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly stage: Stage;
  private readonly panel: HTMLElement;
  private readonly actions: HTMLElement;
  private readonly caption: HTMLElement;
  private readonly ending: HTMLElement;

  /**
   * Opens the next chapter (main.ts: the same session loads it); resolves with a message when it
   * cannot be opened, which the ending card shows.
   */
  onNextChapter: ((next: NextChapter) => Promise<string | null>) | null = null;
  private opening = false;
  private rig: Rig | null = null;
  private readonly motionQuery = window.matchMedia("(prefers-reduced-motion: reduce)");

  constructor(
    private readonly root: HTMLElement,
    private readonly model: WorldModel,
    private readonly cues: SceneCues = {},
    /** The page's synthesiser: kept across chapters, so sound stays on. */
    private readonly sound: Soundscape | null = null,
  ) {
    this.stage = new Stage(must(root, ".pw-stage"));
    this.panel = must(root, ".pw-panel");
    this.actions = must(root, ".pw-actions ul");
    this.caption = must(root, ".pw-caption");
    this.ending = must(root, ".pw-ending");
    root.addEventListener("click", this.onClick);
    window.addEventListener("keydown", this.onKey);
    this.motionQuery.addEventListener("change", this.onMotionPreference);
  }

  /** Starts the moving picture of a layer just shown; the previous one stops once it has faded out. */
  private animate(layer: HTMLElement, stateId: string): void {
    const previous = this.rig;
    this.rig = new Rig(layer, this.cues[stateId], () => this.stage.reduced);
    this.rig.start();
    this.root.dataset.motion = this.stage.reduced ? "still" : (this.cues[stateId]?.camera.move ?? "drift");
    if (previous) void wait(this.reduced ? 0 : TRANSITION_MS + 100).then(() => previous.stop());
  }

  private readonly onMotionPreference = (): void => {
    this.rig?.build();
    if (this.view) this.root.dataset.motion = this.stage.reduced ? "still" : (this.cues[this.view.stateId]?.camera.move ?? "drift");
  };

  private get reduced(): boolean {
    return this.stage.reduced;
  }

  /** Shows the entrance. Adopts the server-rendered first frame when it is already this state. */
  start(): void {
    const first = this.model.view(this.model.entrance, Math.random());
    if (!first) throw new Error("The world's entrance names no state.");
    const ssr = this.root.dataset.state === first.stateId && this.stage.el.querySelector(".pw-layer.on");
    this.root.classList.remove("is-loading");
    this.root.removeAttribute("aria-busy");
    if (ssr) {
      this.view = first;
      this.root.dataset.take = first.take?.id ?? "";
      this.actions.innerHTML = actionsHtml(first);
      this.panel.innerHTML = panelHtml(first);
      const layer = this.stage.el.querySelector<HTMLElement>(".pw-layer.on");
      if (layer) this.animate(layer, first.stateId);
      this.afterShow(first, false);
    } else {
      this.show(first.stateId, false);
    }
    performance.mark("pw:ready");
  }

  /** Shows a state, with a take picked afresh each time it is entered. */
  private show(id: string, keepFocus: boolean): void {
    const view = this.model.view(id, Math.random());
    if (!view) return;
    const previous = this.view;
    this.view = view;
    this.root.dataset.state = id;
    this.root.dataset.take = view.take?.id ?? "";
    this.hideEnding();

    // Actions change at once so the next key press already belongs to the new state.
    this.actions.innerHTML = actionsHtml(view);
    if (previous && !this.reduced) {
      this.panel.classList.add("out");
      void wait(PANEL_FADE_MS).then(() => {
        if (this.view !== view) return;
        this.panel.innerHTML = panelHtml(view);
        this.panel.classList.remove("out");
      });
    } else {
      this.panel.innerHTML = panelHtml(view);
    }
    if (!previous || previous.image !== view.image || (!view.image && previous.hue !== view.hue)) {
      void this.stage.paint(frameLayerHtml(view, false), view.hue, !previous, (layer) => {
        if (this.view === view) this.animate(layer, id);
      });
    }
    this.afterShow(view, keepFocus);
  }

  private afterShow(view: SceneView, keepFocus: boolean): void {
    this.sound?.setScene(this.cues[view.stateId]?.beds ?? []);
    if (view.ending) {
      const ending = view.ending;
      void wait(this.reduced ? 0 : TRANSITION_MS).then(() => {
        if (this.view !== view) return;
        this.ending.innerHTML = endingHtml(ending);
        this.ending.hidden = false;
        this.root.classList.add("is-ending");
        this.ending.focus({ preventScroll: true });
      });
    } else if (keepFocus) {
      this.actions.querySelector<HTMLButtonElement>("button")?.focus({ preventScroll: true });
    }
    this.preload(view.stateId);
  }

  private hideEnding(): void {
    if (this.ending.hidden) return;
    this.ending.hidden = true;
    this.ending.innerHTML = "";
    this.root.classList.remove("is-ending");
  }

  /** Warms the browser cache with the frames one move away. */
  private preload(id: string): void {
    const run = () => {
      for (const next of this.model.neighbours(id)) {
        const src = this.model.imageOf(next);
        if (src && !src.startsWith("data:")) new Image().src = src;
      }
    };
    if ("requestIdleCallback" in window) window.requestIdleCallback(run, { timeout: 1500 });
    else setTimeout(run, 300);
  }

  private showCaption(title: string, detail: string, ms: number): void {
    if (!title && !detail) return;
    clearTimeout(this.captionTimer);
    this.caption.innerHTML = (title ? `<strong>${esc(title)}</strong>` : "") + (detail ? `<span>${esc(detail)}</span>` : "");
    this.caption.classList.add("on");
    this.captionTimer = setTimeout(() => this.caption.classList.remove("on"), ms);
  }

  /** Plays the event at `index` of `world.scene.events` from the current state. */
  play(index: number): void {
    const view = this.view;
    const action = view?.actions.find((a) => a.index === index);
    if (!view || !action || view.ending) return;
    // The pressed button is about to be replaced: hand focus to the next state's first action.
    const keepFocus = this.actions.contains(document.activeElement);
    const to = this.model.targetOf(index);
    if (to === null) {
      // An override plays in place: its prose as a caption, the state stays.
      this.showCaption(action.base || action.name, action.detail, CAPTION_MS.override);
      this.root.classList.remove("pulse");
      void this.root.offsetWidth;
      this.root.classList.add("pulse");
      return;
    }
    this.showCaption(action.base, "", CAPTION_MS.transition);
    this.show(to, keepFocus);
  }

  /** Stops listening: the page replaces this player with the next chapter's. */
  destroy(): void {
    clearTimeout(this.captionTimer);
    // The caption of this chapter's last move must not linger over the next chapter.
    this.caption.classList.remove("on");
    this.root.removeEventListener("click", this.onClick);
    window.removeEventListener("keydown", this.onKey);
    this.motionQuery.removeEventListener("change", this.onMotionPreference);
    this.rig?.stop();
    this.rig = null;
    this.view = null;
  }

  /** "Next chapter" of the ending card: once at a time; a refusal is shown on the card. */
  nextChapter(): void {
    const next = this.view?.ending?.next;
    if (!next || !this.onNextChapter || this.opening) return;
    this.opening = true;
    const button = this.ending.querySelector<HTMLButtonElement>("[data-next-chapter]");
    button?.setAttribute("aria-busy", "true");
    void this.onNextChapter(next).then((problem) => {
      this.opening = false;
      button?.removeAttribute("aria-busy");
      const note = this.ending.querySelector<HTMLElement>(".pw-next-note");
      if (problem && note) {
        note.textContent = problem;
        note.hidden = false;
      }
    });
  }

  restart(): void {
    clearTimeout(this.captionTimer);
    this.caption.classList.remove("on");
    this.show(this.model.entrance, true);
  }

  private readonly onClick = (event: MouseEvent): void => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>("button");
    if (!button || !this.root.contains(button)) return;
    if (button.dataset.event !== undefined) this.play(Number(button.dataset.event));
    else if (button.hasAttribute("data-restart")) this.restart();
    else if (button.hasAttribute("data-next-chapter")) this.nextChapter();
  };

  private readonly onKey = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.repeat || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest("input, textarea, select, [contenteditable]")) return;
    // Enter and Space keep their native meaning on a focused button.
    if ((event.key === "Enter" || event.key === " ") && target?.closest("button")) return;
    const view = this.view;
    if (!view) return;
    if (view.ending) {
      if (event.key.toLowerCase() === "r") {
        event.preventDefault();
        this.restart();
      } else if (event.key.toLowerCase() === "n" && view.ending.next) {
        event.preventDefault();
        this.nextChapter();
      }
      return;
    }
    const action = this.model.actionForKey(view, event.key);
    if (action) {
      event.preventDefault();
      this.play(action.index);
    }
  };
}
