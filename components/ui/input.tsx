import type { ComponentProps } from "react";
import { cn } from "./cn";

export const inputClasses =
  "block h-9 w-full rounded-md border border-line-strong bg-surface px-3 text-sm text-fg shadow-xs transition-colors " +
  "placeholder:text-fg-subtle hover:border-fg-subtle/60 focus-visible:border-accent focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/25 " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger aria-invalid:focus-visible:ring-danger/20";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(inputClasses, className)} {...props} />;
}
