"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { App } from "@/components/api/types";
import { Logo } from "@/components/brand/logo";
import { MenuIcon, XIcon } from "@/components/ui/icons";
import { StudioNav } from "./studio-nav";
import { UserMenu } from "./user-menu";

interface StudioShellProps {
  user: { email: string; name: string | null };
  initialApps: App[];
  children: ReactNode;
}

function Sidebar({ user, initialApps, onClose }: Omit<StudioShellProps, "children"> & { onClose?: () => void }) {
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 items-center justify-between px-4">
        <Link href="/creations" className="rounded-md" aria-label="Programmable Worlds Studio">
          <Logo />
        </Link>
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label="Close navigation"
            className="grid size-8 place-items-center rounded-md text-fg-muted hover:bg-subtle hover:text-fg"
          >
            <XIcon />
          </button>
        ) : null}
      </div>
      <div className="flex-1 overflow-y-auto px-3 py-4">
        <StudioNav initialApps={initialApps} />
      </div>
      <div className="border-t border-line p-2">
        <UserMenu user={user} />
      </div>
    </div>
  );
}

/** The Studio frame: a fixed sidebar on wide screens, a drawer behind a menu button on narrow ones. */
export function StudioShell({ user, initialApps, children }: StudioShellProps) {
  const pathname = usePathname();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const drawer = drawerRef.current;
    if (!drawer) return;
    if (drawerOpen && !drawer.open) drawer.showModal();
    if (!drawerOpen && drawer.open) drawer.close();
  }, [drawerOpen]);

  // Navigating closes the drawer (state adjusted during render, as React recommends).
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setDrawerOpen(false);
  }

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-sm font-medium text-fg shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 border-r border-line bg-canvas lg:block">
        <Sidebar user={user} initialApps={initialApps} />
      </aside>

      <dialog
        ref={drawerRef}
        aria-label="Navigation"
        onClose={() => setDrawerOpen(false)}
        onClick={(event) => {
          if (event.target === event.currentTarget) setDrawerOpen(false);
        }}
        className="m-0 h-dvh max-h-none w-72 max-w-[85vw] border-r border-line bg-canvas p-0 text-fg open:animate-fade-in lg:hidden"
      >
        {drawerOpen ? <Sidebar user={user} initialApps={initialApps} onClose={() => setDrawerOpen(false)} /> : null}
      </dialog>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-line bg-canvas/85 px-4 backdrop-blur lg:hidden">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open navigation"
            className="grid size-9 place-items-center rounded-md text-fg-muted hover:bg-subtle hover:text-fg"
          >
            <MenuIcon className="size-5" />
          </button>
          <Link href="/creations" className="rounded-md">
            <Logo />
          </Link>
        </header>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 bg-canvas focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
