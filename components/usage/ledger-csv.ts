import type { UsageHistory } from "@/components/api/types";

/** What one unit of each ledger metric is (docs/usage.md, docs/scenarios.md "Charging"). */
const UNIT: Record<string, string> = { session_seconds: "seconds", chat_seconds: "seconds", scenario_clip: "clips" };

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const LEDGER_CSV_HEADER = ["day", "mode", "metric", "amount", "unit"] as const;

/**
 * The billing ledger's rows of a history window as CSV (docs/usage.md "CSV export"): one row per
 * UTC day and metric, as stored, oldest first; CRLF line ends, as spreadsheets expect.
 */
export function ledgerCsv(history: Pick<UsageHistory, "ledger">): string {
  const rows = history.ledger.map((row) => [row.day, row.mode, row.metric, row.amount, UNIT[row.metric] ?? ""]);
  return [LEDGER_CSV_HEADER, ...rows].map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}

/** `billing-ledger-<mode>-<from>-to-<to>.csv`: what the download is saved as. */
export function ledgerFileName(history: Pick<UsageHistory, "mode" | "from" | "to">): string {
  return `billing-ledger-${history.mode}-${history.from}-to-${history.to}.csv`;
}
