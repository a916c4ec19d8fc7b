// Scenes that sound (docs/runtime.md): each state's ambient beds (chosen by the server from its
// `ambient` tags, lib/runtime/soundscape.ts) synthesised with the Web Audio API from noise,
// filters, oscillators and envelopes: no audio files. Nothing is created until the player turns
// sound on (a click, so browsers allow it); beds crossfade between states.
import type { Bed } from "@/lib/shared/scene-cues";

const FADE_S = 1.6;

type Voice = { gain: GainNode; stop: () => void };

function noiseBuffer(ctx: AudioContext, colour: "white" | "pink" | "brown"): AudioBuffer {
  const length = ctx.sampleRate * 4;
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  let last = 0;
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  for (let i = 0; i < length; i++) {
    const white = Math.random() * 2 - 1;
    if (colour === "white") data[i] = white * 0.5;
    else if (colour === "brown") {
      last = (last + 0.02 * white) / 1.02;
      data[i] = last * 3.5;
    } else {
      b0 = 0.99765 * b0 + white * 0.099046;
      b1 = 0.963 * b1 + white * 0.2965164;
      b2 = 0.57 * b2 + white * 1.0526913;
      data[i] = (b0 + b1 + b2 + white * 0.1848) * 0.16;
    }
  }
  return buffer;
}

/** The synthesiser of the beds: one AudioContext, made on the first `enable()`. */
export class Soundscape {
  private ctx: AudioContext | null = null;
  private master: GainNode | null = null;
  private readonly voices = new Map<Bed, Voice>();
  private readonly buffers = new Map<string, AudioBuffer>();
  private beds: { bed: Bed; gain: number }[] = [];
  private volume = 0.6;
  private timers: ReturnType<typeof setTimeout>[] = [];

  get on(): boolean {
    return this.ctx !== null && this.ctx.state === "running";
  }

  /** Starts sound (from a click): makes the context on first use, resumes it after. */
  async enable(): Promise<void> {
    if (!this.ctx) {
      const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
      if (!Ctx) return;
      this.ctx = new Ctx();
      this.master = this.ctx.createGain();
      this.master.gain.value = this.volume;
      this.master.connect(this.ctx.destination);
    }
    await this.ctx.resume();
    this.apply();
  }

  /** Mutes: the beds fade out and the context is suspended (no CPU spent while silent). */
  async disable(): Promise<void> {
    if (!this.ctx) return;
    for (const bed of [...this.voices.keys()]) this.fadeOut(bed);
    const ctx = this.ctx;
    await new Promise((r) => setTimeout(r, FADE_S * 500));
    if (!this.wanted) await ctx.suspend();
  }

  private wanted = false;

  setEnabled(on: boolean): Promise<void> {
    this.wanted = on;
    return on ? this.enable() : this.disable();
  }

  setVolume(volume: number): void {
    this.volume = Math.min(1, Math.max(0, volume));
    if (this.ctx && this.master) this.master.gain.setTargetAtTime(this.volume, this.ctx.currentTime, 0.05);
  }

  /** The beds of the state now shown: the others fade out, these fade in to their levels. */
  setScene(beds: { bed: Bed; gain: number }[]): void {
    this.beds = beds;
    if (this.on && this.wanted) this.apply();
  }

  private apply(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const want = new Map(this.beds.map((b) => [b.bed, b.gain]));
    for (const bed of [...this.voices.keys()]) if (!want.has(bed)) this.fadeOut(bed);
    for (const [bed, level] of want) {
      let voice = this.voices.get(bed);
      if (!voice) {
        voice = this.makeVoice(bed);
        this.voices.set(bed, voice);
      }
      voice.gain.gain.cancelScheduledValues(ctx.currentTime);
      voice.gain.gain.setValueAtTime(voice.gain.gain.value, ctx.currentTime);
      voice.gain.gain.linearRampToValueAtTime(level * 0.5, ctx.currentTime + FADE_S);
    }
  }

  private fadeOut(bed: Bed): void {
    const ctx = this.ctx;
    const voice = this.voices.get(bed);
    if (!ctx || !voice) return;
    this.voices.delete(bed);
    voice.gain.gain.cancelScheduledValues(ctx.currentTime);
    voice.gain.gain.setValueAtTime(voice.gain.gain.value, ctx.currentTime);
    voice.gain.gain.linearRampToValueAtTime(0, ctx.currentTime + FADE_S);
    setTimeout(() => voice.stop(), FADE_S * 1000 + 100);
  }

  destroy(): void {
    for (const t of this.timers) clearTimeout(t);
    for (const voice of this.voices.values()) voice.stop();
    this.voices.clear();
    void this.ctx?.close();
    this.ctx = null;
  }

  private noise(colour: "white" | "pink" | "brown"): AudioBufferSourceNode {
    const ctx = this.ctx!;
    let buffer = this.buffers.get(colour);
    if (!buffer) {
      buffer = noiseBuffer(ctx, colour);
      this.buffers.set(colour, buffer);
    }
    const src = ctx.createBufferSource();
    src.buffer = buffer;
    src.loop = true;
    src.loopStart = Math.random();
    return src;
  }

  private filter(type: BiquadFilterType, frequency: number, q = 0.7): BiquadFilterNode {
    const f = this.ctx!.createBiquadFilter();
    f.type = type;
    f.frequency.value = frequency;
    f.Q.value = q;
    return f;
  }

  /** A slow wobble of `param` by ±`depth` at `rate` Hz. */
  private lfo(param: AudioParam, rate: number, depth: number, sources: AudioScheduledSourceNode[]): void {
    const osc = this.ctx!.createOscillator();
    osc.frequency.value = rate;
    const amount = this.ctx!.createGain();
    amount.gain.value = depth;
    osc.connect(amount).connect(param);
    osc.start();
    sources.push(osc);
  }

  /** Calls `fire(time)` at random intervals between `min` and `max` seconds while the voice lives. */
  private every(min: number, max: number, fire: (at: number) => void): () => void {
    let alive = true;
    const tick = () => {
      if (!alive || !this.ctx) return;
      fire(this.ctx.currentTime + 0.05);
      const t = setTimeout(tick, (min + Math.random() * (max - min)) * 1000);
      this.timers.push(t);
    };
    const t = setTimeout(tick, Math.random() * max * 500);
    this.timers.push(t);
    return () => {
      alive = false;
    };
  }

  /** A short tone with an exponential decay: bells, birds, clanks, crackles. */
  private ping(out: AudioNode, at: number, type: OscillatorType, freq: number, level: number, decay: number, sweepTo?: number): void {
    const ctx = this.ctx!;
    const osc = ctx.createOscillator();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, at);
    if (sweepTo) osc.frequency.exponentialRampToValueAtTime(sweepTo, at + decay * 0.6);
    const env = ctx.createGain();
    env.gain.setValueAtTime(0.0001, at);
    env.gain.exponentialRampToValueAtTime(level, at + 0.008);
    env.gain.exponentialRampToValueAtTime(0.0001, at + decay);
    osc.connect(env).connect(out);
    osc.start(at);
    osc.stop(at + decay + 0.05);
  }

  private makeVoice(bed: Bed): Voice {
    const ctx = this.ctx!;
    const gain = ctx.createGain();
    gain.gain.value = 0;
    gain.connect(this.master!);
    const sources: AudioScheduledSourceNode[] = [];
    const stops: (() => void)[] = [];
    const bedNoise = (colour: "white" | "pink" | "brown", ...chain: AudioNode[]) => {
      const src = this.noise(colour);
      let node: AudioNode = src;
      for (const next of chain) node = node.connect(next);
      node.connect(gain);
      src.start();
      sources.push(src);
      return src;
    };
    switch (bed) {
      case "wind": {
        const band = this.filter("bandpass", 500, 0.9);
        const level = ctx.createGain();
        level.gain.value = 0.8;
        bedNoise("pink", band, level);
        this.lfo(band.frequency, 0.07, 250, sources);
        this.lfo(level.gain, 0.11, 0.35, sources);
        break;
      }
      case "rain":
        bedNoise("white", this.filter("highpass", 900), this.filter("lowpass", 7000));
        stops.push(this.every(0.05, 0.25, (at) => this.ping(gain, at, "sine", 2500 + Math.random() * 3000, 0.05, 0.03)));
        break;
      case "sea": {
        const low = this.filter("lowpass", 700);
        const swell = ctx.createGain();
        swell.gain.value = 0.6;
        bedNoise("brown", low, swell);
        this.lfo(swell.gain, 0.09, 0.45, sources);
        this.lfo(low.frequency, 0.09, 300, sources);
        break;
      }
      case "storm": {
        bedNoise("brown", this.filter("lowpass", 260));
        bedNoise("white", this.filter("highpass", 1200), this.filter("lowpass", 6000));
        const rumble = this.filter("lowpass", 120);
        rumble.connect(gain);
        stops.push(this.every(6, 14, (at) => this.ping(rumble, at, "sawtooth", 38 + Math.random() * 12, 0.9, 3.5)));
        break;
      }
      case "fire":
        bedNoise("brown", this.filter("lowpass", 400));
        stops.push(this.every(0.04, 0.4, (at) => this.ping(gain, at, "square", 1800 + Math.random() * 3500, 0.08, 0.015)));
        break;
      case "bells":
        stops.push(
          this.every(3.5, 8, (at) => {
            const base = [196, 220, 262, 294][Math.floor(Math.random() * 4)]!;
            for (const [ratio, level, decay] of [
              [1, 0.25, 4.5],
              [2, 0.12, 3],
              [2.76, 0.08, 2.2],
              [5.4, 0.04, 1.2],
            ] as const)
              this.ping(gain, at, "sine", base * ratio, level, decay);
          }),
        );
        break;
      case "birds":
        stops.push(
          this.every(0.6, 3.2, (at) => {
            const f = 2200 + Math.random() * 2400;
            const notes = 1 + Math.floor(Math.random() * 4);
            for (let i = 0; i < notes; i++) this.ping(gain, at + i * 0.11, "sine", f, 0.12, 0.09, f * (1.2 + Math.random() * 0.4));
          }),
        );
        break;
      case "crowd": {
        const level = ctx.createGain();
        level.gain.value = 0.7;
        bedNoise("pink", this.filter("bandpass", 700, 1.2), level);
        bedNoise("pink", this.filter("bandpass", 1800, 2), level);
        this.lfo(level.gain, 0.6, 0.2, sources);
        break;
      }
      case "machinery": {
        const hum = ctx.createOscillator();
        hum.type = "sawtooth";
        hum.frequency.value = 55;
        const low = this.filter("lowpass", 240);
        const level = ctx.createGain();
        level.gain.value = 0.25;
        hum.connect(low).connect(level).connect(gain);
        hum.start();
        sources.push(hum);
        bedNoise("brown", this.filter("bandpass", 160, 1.5));
        stops.push(this.every(0.9, 1.1, (at) => this.ping(gain, at, "triangle", 140, 0.18, 0.12)));
        break;
      }
      case "water": {
        const band = this.filter("bandpass", 1600, 1.4);
        bedNoise("white", band);
        this.lfo(band.frequency, 5.5, 700, sources);
        break;
      }
      case "night":
        stops.push(
          this.every(0.8, 1.6, (at) => {
            for (let i = 0; i < 6; i++) this.ping(gain, at + i * 0.045, "sine", 4600, 0.04, 0.03);
          }),
        );
        bedNoise("pink", this.filter("lowpass", 300));
        break;
      case "hum": {
        for (const [f, level] of [
          [60, 0.12],
          [90, 0.06],
          [120, 0.04],
        ] as const) {
          const osc = ctx.createOscillator();
          osc.frequency.value = f;
          const g = ctx.createGain();
          g.gain.value = level;
          osc.connect(g).connect(gain);
          osc.start();
          sources.push(osc);
        }
        bedNoise("brown", this.filter("lowpass", 180));
        break;
      }
    }
    return {
      gain,
      stop: () => {
        for (const stop of stops) stop();
        for (const src of sources) {
          try {
            src.stop();
          } catch {
            // already stopped
          }
        }
        gain.disconnect();
      },
    };
  }
}
