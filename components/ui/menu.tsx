"use client";

import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { cn } from "./cn";
import { CheckIcon } from "./icons";

const MenuContext = createContext<{ close: () => void } | null>(null);

interface MenuProps {
  /** Renders the trigger; spread the given props onto a <button>. */
  trigger: (props: {
    id: string;
    "aria-haspopup": "menu";
    "aria-expanded": boolean;
    "aria-controls": string | undefined;
    onClick: () => void;
    onKeyDown: (event: React.KeyboardEvent) => void;
    ref: React.Ref<HTMLButtonElement>;
  }) => ReactNode;
  children: ReactNode;
  placement?: "top-start" | "bottom-end" | "bottom-start";
  className?: string;
  menuClassName?: string;
}

const ITEM_SELECTOR = '[role="menuitem"]:not([aria-disabled="true"]),[role="menuitemradio"]';

/** A menu button (WAI-ARIA pattern): arrow keys move, Escape closes, focus returns to the trigger. */
export function Menu({ trigger, children, placement = "bottom-end", className, menuClassName }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [focusLast, setFocusLast] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerId = useId();
  const menuId = useId();

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusLast ? list[list.length - 1] : list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, focusLast, close]);

  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === "ArrowDown") move(index + 1);
    else if (event.key === "ArrowUp") move(index - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(list.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") close(false);
  };

  const placements = {
    "top-start": "bottom-full left-0 mb-2",
    "bottom-end": "top-full right-0 mt-2",
    "bottom-start": "top-full left-0 mt-2",
  } as const;

  return (
    <MenuContext.Provider value={{ close }}>
      <div ref={rootRef} className={cn("relative", className)}>
        {trigger({
          id: triggerId,
          "aria-haspopup": "menu",
          "aria-expanded": open,
          "aria-controls": open ? menuId : undefined,
          ref: triggerRef,
          onClick: () => {
            setFocusLast(false);
            setOpen((value) => !value);
          },
          onKeyDown: (event) => {
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
              event.preventDefault();
              setFocusLast(event.key === "ArrowUp");
              setOpen(true);
            }
          },
        })}
        {open ? (
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={triggerId}
            tabIndex={-1}
            onKeyDown={onMenuKeyDown}
            className={cn(
              "absolute z-50 min-w-56 rounded-lg border border-line bg-surface p-1 text-sm shadow-lg animate-pop-in focus:outline-none",
              placements[placement],
              menuClassName,
            )}
          >
            {children}
          </div>
        ) : null}
      </div>
    </MenuContext.Provider>
  );
}

const itemClasses =
  "flex w-full items-center gap-2.5 rounded-md px-2.5 py-1.5 text-left text-fg outline-none transition-colors focus:bg-subtle hover:bg-subtle [&_svg]:size-4 [&_svg]:text-fg-muted";

export function MenuItem({ onSelect, children, className }: { onSelect: () => void; children: ReactNode; className?: string }) {
  const menu = useContext(MenuContext);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={cn(itemClasses, className)}
      onClick={() => {
        menu?.close();
        onSelect();
      }}
    >
      {children}
    </button>
  );
}

export function MenuRadioItem({ checked, onSelect, children }: { checked: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <button type="button" role="menuitemradio" aria-checked={checked} tabIndex={-1} className={itemClasses} onClick={onSelect}>
      {children}
      <CheckIcon className={cn("ml-auto size-4", checked ? "opacity-100" : "opacity-0")} />
    </button>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <div className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-fg-subtle">{children}</div>;
}

export function MenuSeparator() {
  return <div role="separator" className="-mx-1 my-1 h-px bg-line" />;
}

export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label}>
      <MenuLabel>{label}</MenuLabel>
      {children}
    </div>
  );
}
