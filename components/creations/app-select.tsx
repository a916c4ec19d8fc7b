"use client";

import { useId } from "react";
import { useUsage } from "@/components/api/usage";
import { cn } from "@/components/ui/cn";
import { ChevronDownIcon } from "@/components/ui/icons";
import { inputClasses } from "@/components/ui/input";
import { count } from "./create-world-model";
import type { AppOption } from "./types";

/** Which app the world is generated for, with that app's generations left today under it. */
export function AppSelect({
  apps,
  value,
  onChange,
  disabled,
}: {
  apps: AppOption[];
  value: string;
  onChange: (appId: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-[13px] font-medium text-fg">
        App
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          className={cn(inputClasses, "appearance-none pr-9")}
        >
          {apps.map((app) => (
            <option key={app.id} value={app.id}>
              {app.name}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-subtle" />
      </div>
      <p className="text-[13px]">{value ? <QuotaLine appId={value} /> : null}</p>
    </div>
  );
}

/** Today's generations left for the chosen app (live quota), under the App select. */
function QuotaLine({ appId }: { appId: string }) {
  const usage = useUsage(appId, "live");
  const quota = usage.data?.quotas.generation;
  if (!quota) return <span className="text-fg-subtle">Live generation, counted against the app&apos;s daily quota.</span>;
  const left = Math.max(quota.cap - quota.used, 0);
  return (
    <span className={cn(left === 0 ? "font-medium text-danger-text" : "text-fg-muted")}>
      {left === 0 ? "No generations left today" : `${count(left)} of ${count(quota.cap)} generations left today`} · resets at 00:00 UTC
    </span>
  );
}
