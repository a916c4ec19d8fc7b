import { cn } from "@/components/ui/cn";

/** The mark: three states joined by events, the smallest world graph. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn("size-7 shrink-0", className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-accent" />
      <path
        d="M10.5 11.5 21.5 9.5M10.5 11.5l5.5 11M21.5 9.5 16 22.5"
        stroke="white"
        strokeOpacity="0.55"
        strokeWidth="1.6"
        strokeLinecap="round"
        fill="none"
      />
      <circle cx="10.5" cy="11.5" r="3" fill="white" />
      <circle cx="21.5" cy="9.5" r="2.4" fill="white" fillOpacity="0.9" />
      <circle cx="16" cy="22.5" r="3.6" fill="white" />
    </svg>
  );
}

/** The mark and the name; `compact` keeps only the mark on narrow screens. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <LogoMark />
      <span className={cn("text-[15px] font-semibold tracking-tight whitespace-nowrap text-fg", compact && "max-sm:sr-only")}>
        Programmable Worlds
      </span>
    </span>
  );
}
