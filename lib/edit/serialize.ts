import type { ProviderName } from "@/lib/ai";
import type { Diagnostic, Op, PlaytestReport, World } from "@/lib/kernel";
import type { Mode } from "@/lib/shared/caller";
import { graphWriteBody } from "@/lib/worlds/serialize";
import type { WorldRow } from "@/lib/worlds/row";

interface Proposed {
  ops: Op[];
  summary: string;
  provider: ProviderName;
}

const proposed = (p: Proposed, mode: Mode) => ({
  ops: p.ops,
  summary: p.summary,
  provider: p.provider,
  ...(mode === "test" ? { mock: true as const } : {}),
});

/** The graph-write result plus what the instruction became (docs/api.md "Natural-language edit"). */
export function editResultBody(
  write: {
    row: WorldRow;
    graphChanged: boolean;
    applyErrors: string[];
    notes: string[];
    diagnostics: Diagnostic[];
    playtests: PlaytestReport;
  },
  proposal: Proposed,
  mode: Mode,
) {
  return { ...proposed(proposal, mode), ...graphWriteBody(write) };
}

/** `dryRun`: what the write would do, on the rev it was made on; nothing persisted. */
export function editPreviewBody(
  preview: { world: World; applyErrors: string[]; notes: string[]; diagnostics: Diagnostic[]; playtests: PlaytestReport; baseRev: string },
  proposal: Proposed,
  mode: Mode,
) {
  const { world, applyErrors, notes, diagnostics, playtests, baseRev } = preview;
  return { dryRun: true as const, ...proposed(proposal, mode), world, applyErrors, notes, diagnostics, playtests, baseRev };
}
