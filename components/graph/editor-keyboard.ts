"use client";

import { useReactFlow } from "@xyflow/react";
import { useEffect, type RefObject } from "react";
import { NEW_STATE_NODE } from "./editor-state";
import type { EditorStore } from "./editor-store";
import { fitGraph } from "./fit-graph";

/** What the editor's keys do beyond the store's own actions (see the ? dialog). */
export interface EditorKeyActions {
  /** Where a new state appears: the canvas's centre, in flow coordinates. */
  centre: () => { x: number; y: number };
  arrange: () => unknown;
  openSearch: () => void;
  openHelp: () => void;
  toggleProblems: () => void;
  toggleMinimap: () => void;
  canvas: RefObject<HTMLDivElement | null>;
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable='true']") !== null;
}

/** Keyboard: every main action works without a mouse, while the Graph tab is `active`. */
export function useEditorKeyboard(store: EditorStore, active: boolean, actions: EditorKeyActions): void {
  const rf = useReactFlow();
  const { centre, arrange, openSearch, openHelp, toggleProblems, toggleMinimap, canvas } = actions;
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const mod = event.metaKey || event.ctrlKey;
      const key = event.key;
      const dialogOpen = document.querySelector("dialog[open]") !== null;
      if (mod && key.toLowerCase() === "s") {
        event.preventDefault();
        if (!dialogOpen) void store.save();
        return;
      }
      if (dialogOpen) return;
      if (isTyping(event.target)) {
        if (key === "Escape") {
          (event.target as HTMLElement).blur();
          focusSelectionOrCanvas(store, canvas.current);
        }
        return;
      }
      if (mod && key.toLowerCase() === "z") {
        event.preventDefault();
        void (event.shiftKey ? store.redo() : store.undo());
        return;
      }
      if (mod && key.toLowerCase() === "y") {
        event.preventDefault();
        void store.redo();
        return;
      }
      if (mod && key.toLowerCase() === "k") {
        event.preventDefault();
        openSearch();
        return;
      }
      if (mod || event.altKey) return;
      const onNode = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>(".react-flow__node") : null;
      switch (key) {
        case "n":
        case "N":
          event.preventDefault();
          void store.addState(centre());
          break;
        case "e":
          event.preventDefault();
          void store.addEvent(null);
          break;
        case "E": {
          event.preventDefault();
          const sel = store.getState().selection;
          if (sel?.kind === "state" && sel.id !== NEW_STATE_NODE) void store.setEntrance(sel.id);
          break;
        }
        case "Delete":
        case "Backspace":
          event.preventDefault();
          void store.deleteSelection();
          break;
        case "/":
          event.preventDefault();
          openSearch();
          break;
        case "?":
          event.preventDefault();
          openHelp();
          break;
        case "f":
        case "F":
          event.preventDefault();
          void fitGraph(rf, store);
          break;
        case "l":
        case "L":
          event.preventDefault();
          void arrange();
          break;
        case "p":
        case "P":
          event.preventDefault();
          toggleProblems();
          break;
        case "m":
        case "M":
          event.preventDefault();
          toggleMinimap();
          break;
        case "+":
        case "=":
          event.preventDefault();
          void rf.zoomIn({ duration: 150 });
          break;
        case "-":
          event.preventDefault();
          void rf.zoomOut({ duration: 150 });
          break;
        case "i":
        case "I":
          event.preventDefault();
          focusInspector();
          break;
        case "Enter": {
          // Enter on a focused state selects it (React Flow); on the selected one it opens the inspector.
          const sel = store.getState().selection;
          if (onNode && sel?.kind === "state" && onNode.dataset.id === sel.id) {
            event.preventDefault();
            focusInspector();
          }
          break;
        }
        case "Escape": {
          // Escape cancels a state or event not created yet, or an Ask preview; otherwise it deselects (saving edits).
          const s = store.getState();
          if (s.preview && s.selection === null) {
            event.preventDefault();
            store.discardPreview();
          } else if (s.draft && s.draft.kind !== "entrance" && s.draft.original === null) {
            event.preventDefault();
            store.discardDraft();
          } else if (s.selection !== null) {
            event.preventDefault();
            void store.select(null);
          }
          break;
        }
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [active, store, rf, centre, arrange, openSearch, openHelp, toggleProblems, toggleMinimap, canvas]);
}

export function focusNode(nodeId: string): boolean {
  const el = document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(nodeId)}"]`);
  el?.focus({ preventScroll: true });
  return el !== null;
}

function focusInspector(): void {
  const el = document.querySelector<HTMLElement>('aside[aria-label="Inspector"] [data-field]');
  el?.focus();
}

function focusSelectionOrCanvas(store: EditorStore, canvas: HTMLElement | null): void {
  const sel = store.getState().selection;
  if (sel?.kind === "state" && focusNode(sel.id)) return;
  canvas?.focus();
}
