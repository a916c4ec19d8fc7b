"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import type { App } from "@/components/api/types";
import { useApps } from "@/components/api/hooks";
import { CreateAppDialog } from "@/components/apps/create-app-dialog";
import { cn } from "@/components/ui/cn";
import { BoxIcon, LayersIcon, PlusIcon } from "@/components/ui/icons";

function NavLink({ href, active, icon, children }: { href: string; active: boolean; icon: ReactNode; children: ReactNode }) {
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex h-8 items-center gap-2.5 rounded-md px-2.5 text-[13px] font-medium transition-colors [&_svg]:size-4 [&_svg]:shrink-0",
        active ? "bg-subtle-strong/70 text-fg [&_svg]:text-fg" : "text-fg-muted hover:bg-subtle hover:text-fg [&_svg]:text-fg-subtle",
      )}
    >
      {icon}
      <span className="truncate">{children}</span>
    </Link>
  );
}

export function StudioNav({ initialApps }: { initialApps: App[] }) {
  const pathname = usePathname();
  const { data: apps = initialApps } = useApps(initialApps);
  const [creating, setCreating] = useState(false);

  return (
    <nav aria-label="Studio" className="space-y-6">
      <div className="space-y-0.5">
        <NavLink href="/creations" active={pathname === "/creations"} icon={<LayersIcon />}>
          My Creations
        </NavLink>
      </div>
      <div>
        <div className="mb-1 flex items-center justify-between pr-1 pl-2.5">
          <h2 id="nav-apps" className="text-xs font-medium text-fg-subtle">
            Apps
          </h2>
          <button
            type="button"
            onClick={() => setCreating(true)}
            aria-label="New app"
            title="New app"
            className="grid size-6 place-items-center rounded-md text-fg-subtle transition-colors hover:bg-subtle hover:text-fg"
          >
            <PlusIcon className="size-3.5" />
          </button>
        </div>
        <ul aria-labelledby="nav-apps" className="space-y-0.5">
          {apps.map((app) => {
            const href = `/apps/${app.id}`;
            return (
              <li key={app.id}>
                <NavLink href={href} active={pathname === href || pathname.startsWith(`${href}/`)} icon={<BoxIcon />}>
                  {app.name}
                </NavLink>
              </li>
            );
          })}
        </ul>
        {apps.length === 0 ? <p className="px-2.5 py-1 text-[13px] text-fg-subtle">No apps yet.</p> : null}
      </div>
      <CreateAppDialog open={creating} onOpenChange={setCreating} />
    </nav>
  );
}
