import { cn } from "@/components/ui/cn";

// One colour per verb, as API references conventionally do: reads green, writes violet,
// partial updates amber, deletes red.
const tones: Record<string, string> = {
  GET: "bg-success-soft text-success-text ring-success-text/20",
  POST: "bg-accent-soft text-accent-text ring-accent/25",
  PUT: "bg-warning-soft text-warning-text ring-warning-text/25",
  PATCH: "bg-warning-soft text-warning-text ring-warning-text/25",
  DELETE: "bg-danger-soft text-danger-text ring-danger/20",
};

export function MethodBadge({ method, size = "md" }: { method: string; size?: "sm" | "md" }) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded font-mono font-semibold tracking-wide ring-1 ring-inset",
        size === "sm" ? "w-12 py-px text-[10px]" : "min-w-14 px-1.5 py-0.5 text-[11px]",
        tones[method] ?? "bg-subtle text-fg-muted ring-line-strong",
      )}
    >
      {method}
    </span>
  );
}

/** `/v1/worlds/{id}/ops` with the path parameters set apart. */
export function ApiPath({ path, className }: { path: string; className?: string }) {
  return (
    <code className={cn("font-mono text-[13px] break-all text-fg", className)}>
      {path.split(/(\{\w+\})/g).map((part, i) =>
        part.startsWith("{") ? (
          <span key={i} className="text-accent-text">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </code>
  );
}
