"use client";

import { useState } from "react";
import { ImageIcon } from "@/components/ui/icons";

export const isDataUrl = (value: string) => /^data:/i.test(value.trim());
export const isShowable = (value: string) => /^(https?:\/\/|\/|data:image\/)/i.test(value.trim());

/** A cover or reference image, or a placeholder when there is none or it cannot be loaded. */
export function ImagePreview({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = src && isShowable(src) && failed !== src;
  return (
    <div className={`grid shrink-0 place-items-center overflow-hidden rounded-lg border border-line bg-subtle ${className ?? ""}`}>
      {show ? (
        // eslint-disable-next-line @next/next/no-img-element -- any URL or data: image; next/image needs known hosts
        <img src={src} alt={alt} className="size-full object-cover" onError={() => setFailed(src)} />
      ) : (
        <ImageIcon className="size-5 text-fg-subtle" />
      )}
    </div>
  );
}
