import type { ReactNode } from "react";
import { cn } from "./cn";
import { AlertTriangleIcon, InfoIcon } from "./icons";

type AlertTone = "danger" | "warning" | "info";

const tones: Record<AlertTone, string> = {
  danger: "border-danger/25 bg-danger-soft text-danger-text",
  warning: "border-warning-text/25 bg-warning-soft text-warning-text",
  info: "border-accent/20 bg-accent-soft text-accent-text",
};

interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /** Details under the message, one line each (an API's field errors, say). */
  lines?: string[];
  className?: string;
}

/** An inline message; errors are announced (role="alert"), others politely. */
export function Alert({ tone = "danger", title, children, action, lines = [], className }: AlertProps) {
  const Icon = tone === "info" ? InfoIcon : AlertTriangleIcon;
  return (
    <div
      role={tone === "danger" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-lg border px-3.5 py-3 text-sm", tones[tone], className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children || lines.length ? (
          <div className={cn(title ? "opacity-90" : undefined)}>
            {children}
            {lines.length ? (
              <ul className="mt-1 list-disc space-y-0.5 pl-4">
                {lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      {action ? <div className="shrink-0 self-center">{action}</div> : null}
    </div>
  );
}
