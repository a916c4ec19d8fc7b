import { Fragment } from "react";
import { cn } from "@/components/ui/cn";

/** Inline text with `code` spans: the only markup the reference's descriptions use. */
export function InlineText({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`)/g);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 2 ? (
          <code key={i} className="rounded bg-subtle px-1 py-px font-mono text-[0.86em] text-fg">
            {part.slice(1, -1)}
          </code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** Paragraphs separated by a blank line. */
export function RichText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn("space-y-3 text-[14px] leading-relaxed text-fg-muted", className)}>
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className="text-pretty">
          <InlineText text={paragraph} />
        </p>
      ))}
    </div>
  );
}
