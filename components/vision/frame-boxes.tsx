import { cn } from "@/components/ui/cn";

/** A box normalised 0..1 of the frame, with what to write on it. */
export interface DrawnBox {
  box: { x: number; y: number; w: number; h: number };
  label: string;
  /** `find`: an object a phrase found; `check`: where a check's label is. */
  tone: "find" | "check";
}

const pct = (v: number) => `${Math.max(0, Math.min(100, v * 100)).toFixed(2)}%`;

/** The frame with boxes drawn over it, positioned in fractions of the image so they follow its size. */
export function FrameBoxes({ src, alt, boxes }: { src: string; alt: string; boxes: DrawnBox[] }) {
  return (
    <figure className="relative overflow-hidden rounded-lg border border-line bg-subtle" data-testid="vision-frame">
      {/* eslint-disable-next-line @next/next/no-img-element -- a world's frame from its own asset store, any size */}
      <img src={src} alt={alt} className="block h-auto w-full" />
      {boxes.map((b, i) => (
        <div
          key={`${b.label}-${i}`}
          data-testid="vision-box"
          className={cn("pointer-events-none absolute border-2", b.tone === "find" ? "border-amber-400" : "border-emerald-400")}
          style={{ left: pct(b.box.x), top: pct(b.box.y), width: pct(b.box.w), height: pct(b.box.h) }}
        >
          <span
            className={cn(
              "absolute top-0 left-0 max-w-full truncate px-1 text-[11px] leading-4 font-medium text-black",
              b.tone === "find" ? "bg-amber-400" : "bg-emerald-400",
            )}
          >
            {b.label}
          </span>
        </div>
      ))}
    </figure>
  );
}
