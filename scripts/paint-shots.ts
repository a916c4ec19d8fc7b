// Paints five premises to PNG files, to look at them: the premise itself (<name>.png) and the
// entrance frame of the world the local provider authors from it, prompted as the generation
// pipeline prompts it (<name>-entrance.png). Usage: npx tsx scripts/paint-shots.ts [dir]
import { writeFileSync } from "node:fs";
import { createLocalProvider } from "@/lib/ai/local";
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
  const { world } = await createLocalProvider().authorWorld({ worldId: `shot-${name}`, premise: prompt, pov: "third" });
  const state = world.scene.states[world.entrance.state];
  const subject = world.subjectRef?.descriptor || world.subject;
  const entrance = await paintLocal({
    prompt: [state?.base, subject && `featuring ${subject}`].filter(Boolean).join(", ") || world.name,
    mood: [state?.camera.static, state?.ending.isEnding ? "finale" : ""].filter(Boolean).join(" "),
    subject,
    aspect: "16:9",
  });
  writeFileSync(`${dir}/${name}-entrance.png`, entrance.bytes);
  console.log(`  entrance "${state?.base.slice(0, 110)}" subject="${subject}"`);
  console.log("  ", entrance.manifest?.objects.map((o) => `${o.label}=${o.motif}`).join(" "));
}
