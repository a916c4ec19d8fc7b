"use client";

import { useEffect, useState } from "react";

/** The clock, read again every `everyMs` while `active`: for counts toward a moment ("in 45 s") that must stay true on screen. */
export function useNow(active: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}
