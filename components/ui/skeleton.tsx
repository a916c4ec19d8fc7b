import { cn } from "./cn";

export function Skeleton({ className }: { className?: string }) {
  return <div className={cn("animate-shimmer rounded-md bg-subtle-strong/70", className)} aria-hidden="true" />;
}
