import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

export function Card({ className, ...props }: ComponentProps<"section">) {
  return <section className={cn("rounded-xl border border-line bg-surface shadow-xs", className)} {...props} />;
}

interface CardHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  titleId?: string;
  className?: string;
}

export function CardHeader({ title, description, actions, titleId, className }: CardHeaderProps) {
  return (
    <div className={cn("flex flex-wrap items-start justify-between gap-x-6 gap-y-3 px-6 pt-5", className)}>
      <div className="min-w-0 space-y-1">
        <h2 id={titleId} className="text-[15px] font-semibold tracking-tight text-fg">
          {title}
        </h2>
        {description ? <p className="max-w-prose text-sm text-fg-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function CardBody({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("px-6 py-5", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "flex min-h-14 flex-wrap items-center justify-between gap-3 rounded-b-xl border-t border-line bg-subtle/50 px-6 py-3 text-[13px] text-fg-muted",
        className,
      )}
      {...props}
    />
  );
}
