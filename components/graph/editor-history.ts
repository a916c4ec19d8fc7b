import type { Op } from "@/lib/kernel";
import type { Batch } from "./editor-state";

/** Undo keeps this many batches. */
const UNDO_DEPTH = 100;

interface Write {
  label: string;
  ops: Op[];
  /** The batch's inverse against the world it applied to; null for an undo or a redo. */
  inverse: Op[] | null;
  /** Ops the kernel skipped: such a batch cannot be undone exactly, so it is not recorded. */
  applyErrors: string[];
  history?: "undo" | "redo";
  batch?: Batch;
}

/** The undo and redo stacks once a write succeeded: an undo or redo moves its batch across, a new batch clears redo. */
export function historyAfter({ undo, redo }: { undo: Batch[]; redo: Batch[] }, write: Write): { undo: Batch[]; redo: Batch[] } {
  const { label, ops, inverse, history, batch } = write;
  if (history === "undo" && batch) return { undo: undo.slice(0, -1), redo: [...redo, batch] };
  if (history === "redo" && batch) return { undo: [...undo, batch], redo: redo.slice(0, -1) };
  if (inverse && write.applyErrors.length === 0 && inverse.length > 0)
    return { undo: [...undo.slice(-(UNDO_DEPTH - 1)), { label, ops, inverse }], redo: [] };
  if (!inverse) return { undo: [], redo: [] };
  return { undo, redo };
}
