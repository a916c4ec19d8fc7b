"use client";

import { useCallback } from "react";
import { plainDiagnostic, type Diagnostic } from "@/lib/kernel";
import { useEditor } from "./use-editor";

/**
 * A diagnostic as the sentence a creator reads (lib/kernel/plain-words.ts), naming states and
 * events as the editor's would-be world has them: the world the live lints were computed on.
 */
export function usePlainWords(): (d: Diagnostic) => string {
  const world = useEditor((s) => s.view.world);
  return useCallback((d: Diagnostic) => plainDiagnostic(d, world).sentence, [world]);
}
