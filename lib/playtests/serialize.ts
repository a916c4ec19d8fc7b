import type { Playtest as PlaytestRow } from "@/lib/db/generated/client";
import type { PlaytestStep } from "@/lib/kernel";

/** A stored play-through as the API shows it. */
export function toPlaytest(row: Pick<PlaytestRow, "id" | "name" | "steps" | "createdAt">) {
  return { playtestId: row.id, name: row.name, steps: row.steps as unknown as PlaytestStep[], createdAt: row.createdAt.toISOString() };
}
