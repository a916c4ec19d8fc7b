// Paints the five premises of lib/ai/local/paint/paint.test.ts to PNG files, to look at them.
import { writeFileSync } from "node:fs";
import { paintLocal } from "@/lib/ai/local/painter";

const PREMISES: Array<[string, string]> = [
  ["lighthouse", "A lighthouse keeper hears a drowned bell ringing under a stormy sea"],
  ["library", "A girl with a lantern climbs the stairs of an abandoned library at night"],
  ["knights", "Two knights ride horses across a snowy mountain pass toward a castle at dawn"],
  ["detective", "A detective waits on a rainy city street under a street lamp"],
  ["fox", "A fox and a crow argue over a key beside a river in the forest"],
];
const dir = process.argv[2] ?? "/tmp/paint-shots";
for (const [name, prompt] of PREMISES) {
  const r = await paintLocal({ prompt, aspect: "16:9" });
  writeFileSync(`${dir}/${name}.png`, r.bytes);
  console.log(name, r.manifest?.timeOfDay, r.manifest?.weather, r.manifest?.objects.map((o) => `${o.label}=${o.motif}`).join(" "));
}
