"use client";

import { useCallback, useEffect, useSyncExternalStore } from "react";
import { applyTheme, readThemePreference, saveThemePreference, THEME_STORAGE_KEY, type ThemePreference } from "./theme";

const CHANGE_EVENT = "pw-theme-change";

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyTheme(readThemePreference());
    onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** The saved theme preference (shared by every tab) and a setter that saves and applies it. */
export function useTheme(): [ThemePreference, (next: ThemePreference) => void] {
  const preference = useSyncExternalStore(subscribe, readThemePreference, () => "system" as const);
  const update = useCallback((next: ThemePreference) => {
    saveThemePreference(next);
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);
  return [preference, update];
}

/** Keeps the page in step with the operating system while the preference is "system". */
export function useSystemThemeSync(): void {
  useEffect(() => {
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => {
      if (readThemePreference() === "system") applyTheme("system");
    };
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);
}
