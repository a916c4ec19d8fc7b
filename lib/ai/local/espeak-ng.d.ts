// The `espeak-ng` package (eSpeak NG as an Emscripten module) ships no types: its default export
// is the module factory, typed where it is used (voice.ts).
declare module "espeak-ng" {
  const factory: (options: Record<string, unknown>) => Promise<unknown>;
  export default factory;
}
