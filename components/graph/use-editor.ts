"use client";

import { createContext, useContext, useSyncExternalStore } from "react";
import type { EditorState } from "./editor-state";
import type { EditorStore } from "./editor-store";

export const EditorContext = createContext<EditorStore | null>(null);

export function useEditorStore(): EditorStore {
  const store = useContext(EditorContext);
  if (!store) throw new Error("useEditorStore outside the world editor");
  return store;
}

/** A slice of the editor's state; the component re-renders only when the slice changes (by identity). */
export function useEditor<T>(select: (state: EditorState) => T): T {
  const store = useEditorStore();
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getState()),
  );
}
