"use client";

import { signOut } from "next-auth/react";
import { ChevronsUpDownIcon, LogOutIcon, MonitorIcon, MoonIcon, SunIcon } from "@/components/ui/icons";
import { Menu, MenuGroup, MenuItem, MenuRadioItem, MenuSeparator } from "@/components/ui/menu";
import { useTheme } from "@/components/theme/use-theme";

function initials(nameOrEmail: string): string {
  const words = nameOrEmail.split(/[\s@._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? "") + (words.length > 1 && !nameOrEmail.includes("@") ? (words[1]?.[0] ?? "") : "")).toUpperCase() || "?";
}

export function UserMenu({ user }: { user: { email: string; name: string | null } }) {
  const [theme, setTheme] = useTheme();
  const display = user.name ?? user.email;

  return (
    <Menu
      placement="top-start"
      className="w-full"
      menuClassName="w-[calc(100%+0.5rem)] min-w-60"
      trigger={({ ref, ...props }) => (
        <button
          ref={ref}
          type="button"
          aria-label={`Account menu for ${display}`}
          className="flex w-full items-center gap-2.5 rounded-lg px-2 py-2 text-left transition-colors hover:bg-subtle aria-expanded:bg-subtle"
          {...props}
        >
          <span
            className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-soft text-xs font-semibold text-accent-text"
            aria-hidden="true"
          >
            {initials(display)}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate text-[13px] font-medium text-fg">{display}</span>
            {user.name ? <span className="block truncate text-xs text-fg-muted">{user.email}</span> : null}
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 text-fg-subtle" />
        </button>
      )}
    >
      <div className="px-2.5 pt-2 pb-1.5">
        <p className="truncate text-[13px] font-medium text-fg">{display}</p>
        <p className="truncate text-xs text-fg-muted">{user.email}</p>
      </div>
      <MenuSeparator />
      <MenuGroup label="Theme">
        <MenuRadioItem checked={theme === "system"} onSelect={() => setTheme("system")}>
          <MonitorIcon /> System
        </MenuRadioItem>
        <MenuRadioItem checked={theme === "light"} onSelect={() => setTheme("light")}>
          <SunIcon /> Light
        </MenuRadioItem>
        <MenuRadioItem checked={theme === "dark"} onSelect={() => setTheme("dark")}>
          <MoonIcon /> Dark
        </MenuRadioItem>
      </MenuGroup>
      <MenuSeparator />
      <MenuItem onSelect={() => void signOut({ callbackUrl: "/" })}>
        <LogOutIcon /> Sign out
      </MenuItem>
    </Menu>
  );
}
