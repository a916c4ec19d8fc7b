import { cn } from "./cn";

interface ProgressBarProps {
  /** 0..1 */
  value: number;
  /** Accessible name, such as "Generation progress". */
  label: string;
  /** Read out with the value, such as "Painting scenes". */
  valueText?: string;
  tone?: "accent" | "success" | "warning" | "danger";
  size?: "sm" | "md";
  className?: string;
}

const tones = {
  accent: "bg-accent",
  success: "bg-success-text",
  warning: "bg-warning-text",
  danger: "bg-danger",
} as const;

/** A determinate progress bar (role="progressbar", 0..100). */
export function ProgressBar({ value, label, valueText, tone = "accent", size = "md", className }: ProgressBarProps) {
  const percent = Math.round(Math.min(Math.max(value, 0), 1) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText ? `${percent}%, ${valueText}` : `${percent}%`}
      className={cn("w-full overflow-hidden rounded-full bg-subtle-strong", size === "sm" ? "h-1.5" : "h-2", className)}
    >
      <div className={cn("h-full rounded-full transition-[width] duration-500 ease-out", tones[tone])} style={{ width: `${percent}%` }} />
    </div>
  );
}
