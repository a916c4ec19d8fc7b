"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "./cn";
import { XIcon } from "./icons";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the content. Without it, children end with a <DialogFooter>. */
  footer?: ReactNode;
  /** False while something is in flight: Escape, the backdrop and × do nothing. */
  dismissible?: boolean;
  size?: "md" | "lg";
}

const footerClasses = "mt-6 flex flex-wrap justify-end gap-2 rounded-b-xl border-t border-line bg-subtle/50 px-6 py-4";

/** The button row of a dialog whose form renders its own footer (children of <Dialog> without `footer`). */
export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className={cn(footerClasses, "-mx-6")}>{children}</div>;
}

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page inert, closes on
 * Escape and gives focus back to the opener. Content mounts only while open, so forms start
 * fresh each time.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, dismissible = true, size = "md" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={cn(
        "m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-xl border border-line bg-surface p-0 text-fg shadow-lg open:animate-pop-in",
        size === "lg" ? "max-w-xl" : "max-w-lg",
      )}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onOpenChange(false);
      }}
      onClose={() => {
        if (open) onOpenChange(false);
      }}
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (dismissible && pressStartedOnBackdrop.current && event.target === event.currentTarget) onOpenChange(false);
      }}
    >
      {open ? (
        <div className="relative">
          <div className="space-y-1.5 px-6 pt-6 pr-14">
            <h2 id={titleId} className="text-base font-semibold tracking-tight">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="text-sm text-fg-muted">
                {description}
              </p>
            ) : null}
          </div>
          {children ? <div className="px-6 pt-5">{children}</div> : null}
          {footer ? <div className={footerClasses}>{footer}</div> : null}
          {/* Last in the DOM so that the dialog's initial focus lands on its first real control. */}
          <button
            type="button"
            aria-label="Close"
            disabled={!dismissible}
            onClick={() => onOpenChange(false)}
            className="absolute top-4 right-4 grid size-8 place-items-center rounded-md text-fg-subtle transition-colors hover:bg-subtle hover:text-fg disabled:opacity-40"
          >
            <XIcon />
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
