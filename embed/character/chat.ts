// The conversation: draws the character's stance and the log into the page's skeleton (see
// embed/page/character-document.ts), sends what the user types as talk turns (one at a time,
// with the stance, mood and history the browser keeps), moves the picture when the stance
// changes, shows actions and failures, and speaks a line on request.
import { must, Stage, wait } from "@/embed/player/stage";
import { CallError, say, speech } from "./api";
import { lineHtml, stanceHtml, stanceLayerHtml, type LineView } from "./markup";
import {
  actionNote,
  applyTurn,
  describeFailure,
  initialState,
  messageOf,
  stanceView,
  turnRequest,
  type CharacterInfo,
  type ChatState,
  type Failure,
  type StanceView,
} from "./model";

export class Chat {
  private state: ChatState;
  private view: StanceView;
  private busy = false;
  private closed = false;
  /** The message of the last failed turn, for "Try again". */
  private failed: string | null = null;
  private audio: HTMLAudioElement | null = null;
  private speaking: HTMLButtonElement | null = null;
  /** Speech already made, per line text (blob URLs). */
  private readonly voices = new Map<string, string>();
  private readonly stage: Stage;
  private readonly stance: HTMLElement;
  private readonly log: HTMLOListElement;
  private readonly error: HTMLElement;
  private readonly form: HTMLFormElement;
  private readonly input: HTMLInputElement;
  private readonly send: HTMLButtonElement;

  constructor(
    private readonly root: HTMLElement,
    private readonly character: CharacterInfo,
    private readonly characterId: string,
    private readonly token: string,
  ) {
    this.state = initialState(character);
    this.view = stanceView(character, this.state.stance);
    this.stage = new Stage(must(root, ".pw-stage"));
    this.stance = must(root, ".pc-stance");
    this.log = must(root, ".pc-log");
    this.error = must(root, ".pc-error");
    this.form = must(root, ".pc-form");
    this.input = must(root, ".pc-input");
    this.send = must(root, ".pc-send");
    this.form.addEventListener("submit", this.onSubmit);
    this.input.addEventListener("input", this.sync);
    root.addEventListener("click", this.onClick);
  }

  private get reduced(): boolean {
    return this.stage.reduced;
  }

  /** Draws the entrance stance and the greeting (over the server's first frame, if any) and opens the form. */
  start(): void {
    const { name, greeting, hint } = this.character;
    // The server drew this stance already (a shareable character): keep its picture.
    const adopt = this.root.dataset.stance === this.view.id && this.stage.el.querySelector(".pw-layer.on") !== null;
    this.root.dataset.stance = this.view.id;
    this.stance.innerHTML = stanceHtml(this.view);
    if (!adopt) void this.stage.paint(stanceLayerHtml(this.view, this.character.name, false), this.view.hue, true);
    this.log.innerHTML = greeting ? lineHtml({ who: "character", text: greeting, mood: this.view.label, speak: true }, name) : "";
    this.input.placeholder = hint || `Say something to ${name}…`;
    must(this.root, ".pc-form label").textContent = `Your message to ${name}`;
    this.root.classList.remove("is-loading");
    this.root.removeAttribute("aria-busy");
    this.input.disabled = false;
    this.sync();
    performance.mark("pc:ready");
  }

  /** The send button follows the input: enabled when there is something to say and no turn is in flight. */
  private readonly sync = (): void => {
    this.send.disabled = this.closed || this.busy || messageOf(this.input.value) === null;
    this.form.setAttribute("aria-busy", String(this.busy));
  };

  private append(line: LineView): HTMLElement {
    const holder = document.createElement("ol");
    holder.innerHTML = lineHtml(line, this.character.name);
    const li = holder.firstElementChild as HTMLElement;
    this.log.append(li);
    this.scrollDown();
    return li;
  }

  private scrollDown(): void {
    this.log.scrollTo({ top: this.log.scrollHeight, behavior: this.reduced ? "auto" : "smooth" });
  }

  private showError(failure: Failure | null): void {
    const text = must(this.error, "p");
    const retry = must(this.error, "[data-retry]");
    if (!failure) {
      this.error.hidden = true;
      text.textContent = "";
      return;
    }
    text.textContent = failure.message;
    retry.hidden = !failure.retry || this.failed === null;
    this.error.hidden = false;
  }

  private readonly onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    const text = messageOf(this.input.value);
    if (text === null || this.busy || this.closed) return;
    this.input.value = "";
    void this.turn(text);
  };

  /** One talk turn: the user's line at once, a typing indicator, then the reply (or the failure, the text given back). */
  private async turn(text: string): Promise<void> {
    this.busy = true;
    this.failed = null;
    this.showError(null);
    this.sync();
    const mine = this.append({ who: "user", text });
    const typing = this.append({ who: "character", text: "" });
    typing.classList.add("pc-typing");
    typing.setAttribute("aria-hidden", "true");
    must(typing, ".pc-text").outerHTML = "<i></i><i></i><i></i>";
    try {
      const reply = await say(this.characterId, this.token, turnRequest(this.state, text));
      typing.remove();
      this.state = applyTurn(this.character, this.state, text, reply);
      const view = stanceView(this.character, this.state.stance);
      this.append({ who: "character", text: reply.reply, mood: view.label, speak: true });
      if (reply.action) {
        const note = actionNote(this.character.name, reply.action);
        this.append({ who: "system", text: note.text, image: note.image });
      }
      if (view.id !== this.view.id) this.moveTo(view);
    } catch (error) {
      typing.remove();
      mine.remove();
      const status = error instanceof CallError ? error.status : 0;
      const failure = describeFailure(status, error instanceof CallError ? error.detail : undefined, this.character.name);
      // Nothing is lost: the text goes back into the input (unless something new was typed meanwhile).
      if (this.input.value.trim() === "") this.input.value = text;
      this.failed = text;
      if (failure.fatal) this.close();
      this.showError(failure);
    } finally {
      this.busy = false;
      this.sync();
    }
  }

  /** The session is over: the form stays visible but closed. */
  private close(): void {
    this.closed = true;
    this.failed = null;
    this.input.disabled = true;
    this.sync();
  }

  private moveTo(view: StanceView): void {
    this.view = view;
    this.root.dataset.stance = view.id;
    if (this.reduced) {
      this.stance.innerHTML = stanceHtml(view);
    } else {
      this.stance.classList.add("out");
      void wait(250).then(() => {
        if (this.view !== view) return;
        this.stance.innerHTML = stanceHtml(view);
        this.stance.classList.remove("out");
      });
    }
    void this.stage.paint(stanceLayerHtml(view, this.character.name, false), view.hue, false);
  }

  private readonly onClick = (event: MouseEvent): void => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>("button");
    if (!button || !this.root.contains(button)) return;
    if (button.hasAttribute("data-speak")) void this.speak(button);
    else if (button.hasAttribute("data-retry")) this.retry();
  };

  private retry(): void {
    const text = this.failed;
    if (text === null || this.busy || this.closed) return;
    if (this.input.value.trim() === text) this.input.value = "";
    void this.turn(text);
    this.input.focus({ preventScroll: true });
  }

  /** Speaks a line with the character's voice (POST /v1/tts); a second press stops it. */
  private async speak(button: HTMLButtonElement): Promise<void> {
    if (this.speaking === button) return this.stopSpeaking();
    this.stopSpeaking();
    const text = button.closest(".pc-line")?.querySelector(".pc-text")?.textContent ?? "";
    if (!text) return;
    this.speaking = button;
    let url = this.voices.get(text);
    if (!url) {
      button.setAttribute("aria-busy", "true");
      try {
        url = URL.createObjectURL(await speech(text, this.token));
        this.voices.set(text, url);
      } catch (error) {
        button.removeAttribute("aria-busy");
        if (this.speaking === button) this.speaking = null;
        const status = error instanceof CallError ? error.status : 0;
        const failure = describeFailure(status, error instanceof CallError ? error.detail : undefined, this.character.name);
        if (failure.fatal) this.close();
        this.failed = null;
        this.showError({
          ...failure,
          message: failure.fatal ? failure.message : `The line could not be spoken: ${failure.message}`,
          retry: false,
        });
        return;
      }
      button.removeAttribute("aria-busy");
      if (this.speaking !== button) return;
    }
    const audio = new Audio(url);
    this.audio = audio;
    button.classList.add("is-playing");
    button.setAttribute("aria-label", "Stop speaking");
    audio.addEventListener("ended", () => this.audio === audio && this.stopSpeaking());
    audio.play().catch(() => this.audio === audio && this.stopSpeaking());
  }

  private stopSpeaking(): void {
    this.audio?.pause();
    this.audio = null;
    const button = this.speaking;
    this.speaking = null;
    if (!button) return;
    button.classList.remove("is-playing");
    button.removeAttribute("aria-busy");
    button.setAttribute("aria-label", "Speak this line aloud");
  }
}
