// What a painter drew, as data: the ground truth that vision, the simulator, the player's cues and
// scenario checks read (lib/ai/local/paint draws it; docs/providers.md).

export type TimeOfDay = "night" | "dusk" | "dawn" | "day";
export type Weather = "clear" | "cloudy" | "storm" | "rain" | "snow" | "fog";

/** One object a painter drew: the ground truth that vision, the simulator and scenario checks read. */
export interface ManifestObject {
  /** The text's own word for it ("keeper", "bell"). */
  label: string;
  motif: string;
  /** Normalised 0..1 of the frame. */
  box: { x: number; y: number; w: number; h: number };
  /** 0 nearest … 1 farthest; objects are drawn farthest first, so nearer ones occlude. */
  depth: number;
  /** Share of the object's own pixels that no nearer object covers (0..1). */
  visible?: number;
  /** True for the protagonist (the subject lock). */
  subject?: boolean;
  /** What the lexicon says it is ("structure", "person", "celestial"…), when the painter asked it. */
  kind?: string;
}

export interface SceneManifest {
  version: 1;
  width: number;
  height: number;
  timeOfDay: TimeOfDay;
  weather: Weather;
  indoor: boolean;
  /** Horizon as a fraction of the height (null indoors). */
  horizon: number | null;
  palette: { skyTop: string; skyBottom: string; ground: string; accent: string; haze: string };
  objects: ManifestObject[];
}
