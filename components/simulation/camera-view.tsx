"use client";

import { useEffect, useRef } from "react";

/** The agent's camera: SIZE×SIZE RGB bytes (row-major) drawn to a canvas, scaled up without smoothing. */
export function CameraView({ pixels, size }: { pixels: Uint8Array | undefined; size: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const ctx = ref.current?.getContext("2d");
    if (!ctx || !pixels) return;
    const image = ctx.createImageData(size, size);
    for (let i = 0, j = 0; i < pixels.length; i += 3, j += 4) {
      image.data[j] = pixels[i]!;
      image.data[j + 1] = pixels[i + 1]!;
      image.data[j + 2] = pixels[i + 2]!;
      image.data[j + 3] = 255;
    }
    ctx.putImageData(image, 0, 0);
  }, [pixels, size]);
  return (
    <canvas
      ref={ref}
      width={size}
      height={size}
      data-testid="sim-camera"
      aria-label={`What the agent's camera sees (${size}×${size} pixels)`}
      role="img"
      className="aspect-square w-full rounded-lg border border-line bg-subtle [image-rendering:pixelated]"
    />
  );
}
