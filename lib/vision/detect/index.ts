// The offline object detector: pure (no project imports), plain data in and out, so it can run
// on the request's thread today and as a worker-pool task once the pool exists.
export { COCO_LABELS } from "./coco";
export { detectObjects, loadDetector, readDetections, type DetectedBox, type Detection, type DetectOptions } from "./detector";
export { decodeImage, ImageDecodeError, MAX_PIXELS, probeImage, type ImageProbe, type RgbImage, type VisionMimeType } from "./image";
