// A contact sheet of what the local provider makes of a premise, to look at: for each premise the
// world it authors and every state's frame painted as the generation pipeline prompts it, one row
// per premise (<dir>/sheet-N.png), and beside it a text file of the states' names, the prose of
// the entrance and each frame's drawn objects (<dir>/sheet-N.txt).
// Usage: npx tsx scripts/paint-shots.ts [dir] ["premise" ...]
import { spawnSync } from "node:child_process";
import { writeFileSync, mkdirSync } from "node:fs";
import { Resvg } from "@resvg/resvg-js";
import { framePrompt } from "@/lib/ai/frame-prompt";
import { createLocalProvider } from "@/lib/ai/local";
import { paintLocal } from "@/lib/ai/local/painter";

// The three premises of issue 26 and five more of other settings, subjects and eras.
const DEFAULT_PREMISES = [
  "A lighthouse keeper hears a drowned bell ringing under a stormy sea",
  "A child astronaut repairs a greenhouse on a comet",
  "Two rival chefs are trapped in a floating night market",
  "A samurai guards a cherry orchard from a hungry dragon",
  "A diver searches a sunken galleon for her grandfather's compass",
  "A clockmaker's apprentice hides a stolen automaton in a cathedral",
  "Three miners are trapped beneath the mountain after a cave-in",
  "A ghost haunts the kitchen of a grand hotel during a winter ball",
];

// The provider authors on the CPU pool, whose bundle must hold the code as it is now.
if (spawnSync("node", ["scripts/build-workers.mjs"], { stdio: "inherit" }).status !== 0) process.exit(1);

const [dir = "/tmp/paint-shots", ...asked] = process.argv.slice(2);
const premises = asked.length ? asked : DEFAULT_PREMISES;
mkdirSync(dir, { recursive: true });

const COLUMNS = 5; // states per row
const W = 320; // thumbnail width (16:9)
const H = 180;
const LABEL = 34; // caption under each frame
const TITLE = 24; // premise above each row
const ROWS_PER_SHEET = 4;

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

type Row = { premise: string; frames: Array<{ name: string; png: Buffer }> };
const rows: Row[] = [];
const text: string[] = [];
for (const [i, premise] of premises.entries()) {
  const { world } = await createLocalProvider().authorWorld({ worldId: `sheet-${i}`, premise, pov: "third" });
  const ids = Object.keys(world.scene.states);
  const entrance = world.scene.states[world.entrance.state];
  text.push(`## ${premise}`, `world: ${world.name} — ${world.description ?? ""}`, `entrance: ${entrance?.base ?? ""}`);
  const frames: Row["frames"] = [];
  for (const id of ids) {
    const state = world.scene.states[id];
    const painted = await paintLocal({ ...framePrompt(world, id), aspect: "16:9" });
    const drawn = painted.manifest?.objects.map((o) => `${o.label}=${o.motif}`).join(" ") ?? "";
    text.push(`- ${id}${state?.ending.isEnding ? " (ending)" : ""}: ${clip(state?.base ?? "", 140)}`, `    drawn: ${drawn}`);
    if (frames.length < COLUMNS) frames.push({ name: id, png: Buffer.from(painted.bytes) });
  }
  text.push("");
  rows.push({ premise, frames });
}

for (let s = 0; s * ROWS_PER_SHEET < rows.length; s++) {
  const sheet = rows.slice(s * ROWS_PER_SHEET, (s + 1) * ROWS_PER_SHEET);
  const rowH = TITLE + H + LABEL;
  const parts = sheet.flatMap((row, r) => {
    const y = r * rowH;
    return [
      `<text x="6" y="${y + 17}" font-size="15" font-weight="bold" fill="#111">${escape(row.premise)}</text>`,
      ...row.frames.flatMap((f, c) => [
        `<image x="${c * W}" y="${y + TITLE}" width="${W - 4}" height="${H}" href="data:image/png;base64,${f.png.toString("base64")}"/>`,
        `<text x="${c * W + 4}" y="${y + TITLE + H + 20}" font-size="13" fill="#333">${escape(clip(f.name, 40))}</text>`,
      ]),
    ];
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${COLUMNS * W}" height="${sheet.length * rowH}"><rect width="100%" height="100%" fill="#fff"/>${parts.join("")}</svg>`;
  const png = new Resvg(svg, { font: { loadSystemFonts: true } }).render().asPng();
  writeFileSync(`${dir}/sheet-${s + 1}.png`, png);
  console.log(`${dir}/sheet-${s + 1}.png`);
}
writeFileSync(`${dir}/sheets.txt`, text.join("\n"));
console.log(`${dir}/sheets.txt`);
