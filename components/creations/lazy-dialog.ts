"use client";

import { useState } from "react";

/**
 * A button's dialog that loads on first use (its code is fetched when the pointer or focus reaches
 * the button) and stays mounted once opened, so it keeps its state while closed. `startOpen` opens
 * it with the page (a link that asks for it).
 */
export function useLazyDialog(load: () => Promise<unknown>, startOpen = false) {
  const [open, setOpen] = useState(startOpen);
  const [mounted, setMounted] = useState(startOpen);
  return {
    open,
    setOpen,
    mounted,
    trigger: {
      onPointerEnter: () => void load(),
      onFocus: () => void load(),
      onClick: () => {
        setMounted(true);
        setOpen(true);
      },
    },
  };
}
