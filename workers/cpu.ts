/**
 * The tasks of the CPU worker pool (lib/workers/pool.ts), one export each: what would hold the
 * request thread for more than a moment. Bundled by scripts/build-workers.mjs; a domain calls a
 * task through `cpuTask<typeof fn>("<export name>")`. Inputs and outputs cross threads by
 * structured clone, so each task takes and returns plain data.
 */
export { buildLocalWorld as localWorld } from "@/lib/ai/local/author";
export { buildLocalAct as localAct } from "@/lib/ai/local/act";
export { paintLocal as localPaint, paintPortraitLocal as localPortrait } from "@/lib/ai/local/painter";
export { localBible as localBible } from "@/lib/ai/local/bible";
export { localSpeech as localSpeak } from "@/lib/ai/local/voice";
export { seedPremiseSentence as seedSentence } from "@/lib/ai/local/seed";
export { nounKinds as nounKinds } from "@/lib/ai/local/nouns";
export { detectObjectsTask as detectObjects } from "@/lib/vision/detect/detector";
export { referenceLookTask as referenceLook } from "@/lib/vision/reference";
export { encodePreviewGif as previewGif } from "@/lib/scenarios/preview-gif";
export { exportDatasetTask as simExport } from "@/lib/datasets/export-task";
