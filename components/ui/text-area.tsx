import type { ComponentProps } from "react";
import { cn } from "./cn";
import { inputClasses } from "./input";

/** A multi-line input styled like components/ui/input. */
export function TextArea({ className, rows = 4, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      rows={rows}
      className={cn(inputClasses.replace("h-9 ", ""), "min-h-16 resize-y py-2 leading-relaxed", className)}
      {...props}
    />
  );
}
