"use client";

import { Dialog } from "@/components/ui/dialog";
import { Kbd, MOD_KEY } from "./inspector-fields";

const GROUPS: Array<{ title: string; rows: Array<[string, string[][]]> }> = [
  {
    title: "Edit",
    rows: [
      ["New state", [["N"]]],
      ["New event from the selected state", [["E"]]],
      [
        "Save the inspector",
        [
          [MOD_KEY, "S"],
          [MOD_KEY, "Enter"],
        ],
      ],
      ["Delete the selection", [["Delete"], ["Backspace"]]],
      ["Undo", [[MOD_KEY, "Z"]]],
      [
        "Redo",
        [
          [MOD_KEY, "Shift", "Z"],
          [MOD_KEY, "Y"],
        ],
      ],
      ["Set the selected state as the entrance", [["Shift", "E"]]],
    ],
  },
  {
    title: "Move around",
    rows: [
      ["Go to a state or event", [["/"], [MOD_KEY, "K"]]],
      ["Next / previous state", [["Tab"], ["Shift", "Tab"]]],
      ["Select the focused state; again to edit it", [["Enter"]]],
      ["Edit the selection in the inspector", [["I"]]],
      ["Nudge the selected state", [["←"], ["↑"], ["→"], ["↓"]]],
      ["Deselect, leave a field, or discard an Ask preview", [["Esc"]]],
    ],
  },
  {
    title: "View",
    rows: [
      ["Fit the whole world", [["F"]]],
      ["Zoom in / out", [["+"], ["−"]]],
      ["Automatic layout", [["L"]]],
      ["Problems panel", [["P"]]],
      ["Minimap", [["M"]]],
      ["Graph, Versions, Settings, Play, Vision, Scenarios, Simulation tabs", [["Alt", "1…7"]]],
      ["This help", [["?"]]],
    ],
  },
];

export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="Every action of the editor works from the keyboard."
      size="lg"
    >
      <div className="grid gap-6 pb-6 sm:grid-cols-2">
        {GROUPS.map((group) => (
          <section key={group.title} className={group.title === "Move around" ? "sm:row-span-2" : undefined}>
            <h3 className="mb-2 text-[11px] font-semibold tracking-wide text-fg-subtle uppercase">{group.title}</h3>
            <dl className="space-y-1.5">
              {group.rows.map(([label, combos]) => (
                <div key={label} className="flex items-center justify-between gap-3 text-[13px]">
                  <dt className="text-fg-muted">{label}</dt>
                  <dd className="flex shrink-0 items-center gap-1.5">
                    {combos.map((combo, i) => (
                      <span key={i} className="flex items-center gap-0.5">
                        {i > 0 ? <span className="mr-1 text-[11px] text-fg-subtle">or</span> : null}
                        {combo.map((k) => (
                          <Kbd key={k}>{k}</Kbd>
                        ))}
                      </span>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
