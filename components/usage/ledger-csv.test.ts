import { describe, expect, it } from "vitest";
import { ledgerCsv, ledgerFileName } from "./ledger-csv";

describe("ledgerCsv", () => {
  it("writes a header and one row per stored ledger row, with each metric's unit", () => {
    const csv = ledgerCsv({
      ledger: [
        { day: "2026-11-24", mode: "live", metric: "session_seconds", amount: 42 },
        { day: "2026-11-25", mode: "live", metric: "scenario_clip", amount: 3 },
      ],
    });
    expect(csv).toBe(
      "day,mode,metric,amount,unit\r\n2026-11-24,live,session_seconds,42,seconds\r\n2026-11-25,live,scenario_clip,3,clips\r\n",
    );
  });

  it("writes only the header for an empty window", () => {
    expect(ledgerCsv({ ledger: [] })).toBe("day,mode,metric,amount,unit\r\n");
  });

  it("names the file after the mode and the window", () => {
    expect(ledgerFileName({ mode: "live", from: "2026-10-27", to: "2026-11-25" })).toBe("billing-ledger-live-2026-10-27-to-2026-11-25.csv");
  });
});
