import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeAsset, storeManifest, readAsset } from "@/lib/assets/assets";
import { resetEnvCache } from "@/lib/config/env";
import { ApiError } from "@/lib/errors";
import type { World } from "@/lib/kernel";
import { makeEvent, makeState } from "@/lib/kernel/fixtures";
import { closeCpuPool, cpuPoolStats } from "@/lib/workers/pool";
import { assetName } from "@/lib/vision/frames";
import { readGif } from "./read-gif";
import { hostPreviewGif, renderClip, type RenderedClip } from "./render";
import { ZClipSpec, type ClipSpec } from "./requests";
import { renderAndVerifyClip, renderAndVerifyClips } from "./run-clip";
import { verifyClip, type ClipVerification } from "./verify";

/**
 * A small gate-clean world the local painter can draw: the shore (a lighthouse, a stormy sea at
 * dawn), the lamp room, and a cellar; `look` plays in place on the shore.
 */
function lighthouseWorld(): World {
  return {
    id: "w-scn",
    name: "Lighthouse",
    description: "A keeper and a lighthouse",
    cover: "https://example.test/cover.png",
    subject: "a lighthouse keeper",
    entrance: { image: { src: "https://example.test/a.png", label: "The shore" }, state: "shore" },
    scene: {
      states: {
        shore: makeState("shore", {
          base: "A lighthouse above a stormy sea at dawn",
          variants: [{ id: "wreck", base: "A wrecked ship below the lighthouse" }],
        }),
        lamp: makeState("lamp", { base: "The lamp room at the top of the lighthouse, a great lamp" }),
        cellar: makeState("cellar", { base: "A damp cellar with barrels" }),
        end: makeState("end", {
          base: "A boat on the open sea",
          ending: { isEnding: true, outcome: "good", title: "Away", text: "You sail away" },
        }),
      },
      events: [
        makeEvent("shore", "climb", "lamp", "1"),
        makeEvent("shore", "look", undefined, "q", { base: "The keeper scans the horizon" }),
        makeEvent("lamp", "sail", "end", "1"),
        makeEvent("cellar", "sail", "end", "1"),
      ],
    },
  };
}

const clip = (raw: Record<string, unknown>): ClipSpec => ZClipSpec.parse(raw);
const check = (v: ClipVerification, name: string) => v.checks.find((c) => c.name === name);
const BASE = "http://scn.test";

async function gifOf(rendered: RenderedClip) {
  const name = assetName(rendered.preview);
  expect(name).toMatch(/\.gif$/);
  const asset = await readAsset(name as string);
  expect(asset?.mimeType).toBe("image/gif");
  return readGif(asset!.bytes);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scn-render-"));
const saved = { DATA_DIR: process.env.DATA_DIR, S3_BUCKET: process.env.S3_BUCKET, AI_BASE_URL: process.env.AI_BASE_URL };
beforeAll(() => {
  process.env.DATA_DIR = dir;
  delete process.env.S3_BUCKET;
  // `live` keys paint with the embedded local painter.
  delete process.env.AI_BASE_URL;
  resetEnvCache();
});
afterAll(async () => {
  await closeCpuPool();
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  resetEnvCache();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("renderClip and verifyClip with the mock painter (test keys)", () => {
  const spec = clip({
    kind: "variation",
    from: "shore",
    path: ["look", "climb", "sail"],
    apply: { note: "a lantern sways" },
    expect: { reach: "end", visible: ["boat"] },
  });

  it("paints a frame per step, hosts an animated GIF of them, and is the same when run again", async () => {
    const rendered = await renderClip({ mode: "test", world: lighthouseWorld(), spec, baseUrl: BASE });
    expect(rendered.states).toEqual(["shore", "shore", "lamp", "end"]);
    expect(rendered.frames).toHaveLength(4);
    expect(rendered.frames.every((f) => f.startsWith(`${BASE}/assets/`) && f.endsWith(".png"))).toBe(true);
    expect(rendered.manifests).toEqual([null, null, null, null]);
    // The override shows its own prose, so it is a frame of its own; every prompt carries the note.
    expect(new Set(rendered.frames).size).toBe(4);
    expect(rendered.captions?.[1]).toBe("The shore: The keeper scans the horizon");
    expect(rendered.prompts?.every((p) => p.includes("a lantern sways"))).toBe(true);
    const gif = await gifOf(rendered);
    expect(gif).toMatchObject({ width: 320, height: 180, loops: 0 });
    expect(gif.frames).toHaveLength(4);
    expect(gif.frames.every((f) => f.width === 320 && f.height === 180 && f.delayMs === 1000 && f.indices.length === 320 * 180)).toBe(true);
    const again = await renderClip({ mode: "test", world: lighthouseWorld(), spec, baseUrl: BASE });
    expect(again.frames).toEqual(rendered.frames);
    expect(again.preview).toBe(rendered.preview);
  });

  it("stops between frames when the signal aborts: the frames painted so far stay, no preview is made", async () => {
    const fresh = clip({ kind: "variation", from: "shore", path: ["climb", "sail"], apply: { note: "a frame painted only by this test" } });
    const controller = new AbortController();
    const ask = controller.signal.throwIfAborted.bind(controller.signal);
    let calls = 0;
    // The render asks before each frame: abort as it asks before the second one.
    controller.signal.throwIfAborted = () => {
      if (++calls === 2) controller.abort(new Error("cancelled mid-clip"));
      ask();
    };
    const files = () => (fs.existsSync(path.join(dir, "assets")) ? fs.readdirSync(path.join(dir, "assets")) : []);
    const before = new Set(files());
    await expect(
      renderClip({ mode: "test", world: lighthouseWorld(), spec: fresh, baseUrl: BASE, signal: controller.signal }),
    ).rejects.toThrow("cancelled mid-clip");
    const added = files().filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/\.png$/);
    const whole = await renderClip({ mode: "test", world: lighthouseWorld(), spec: fresh, baseUrl: BASE });
    expect(whole.frames[0]).toBe(`${BASE}/assets/${added[0]}`);
  });

  it("encodes the preview on the CPU worker pool, not on this thread", async () => {
    const rendered = await renderClip({ mode: "test", world: lighthouseWorld(), spec, baseUrl: BASE });
    const frames = await Promise.all(rendered.frames.map(async (f) => (await readAsset(assetName(f)!))!.bytes));
    const before = cpuPoolStats().completed;
    expect(await hostPreviewGif(frames, BASE)).toBe(rendered.preview);
    expect(cpuPoolStats().completed).toBe(before + 1);
  });

  it("verifies the path, the reach and the final frame; a missed reach fails the clip", async () => {
    const { rendered, verification } = await renderAndVerifyClip({ mode: "test", world: lighthouseWorld(), spec, baseUrl: BASE });
    expect(verification.checks.map((c) => [c.name, c.pass])).toEqual([
      ["path", true],
      ["reach", true],
      ["visible:boat", true],
      ["subject", true],
    ]);
    expect(check(verification, "path")?.detail).toBe("walked shore → shore → lamp → end (4 frame(s))");
    expect(verification.pass).toBe(true);
    const wrong = await verifyClip({
      mode: "test",
      world: lighthouseWorld(),
      spec: { ...spec, expect: { reach: "cellar", absent: ["boat"] } },
      rendered,
    });
    expect(check(wrong, "reach")).toEqual({ name: "reach", pass: false, detail: 'expected to end in "cellar", ends in "end"' });
    // The test-mode mock "finds" every label, so an `absent` expectation fails there.
    expect(check(wrong, "absent:boat")).toMatchObject({
      pass: false,
      detail: expect.stringMatching(/^"boat" is in the final frame \(frames\[3\], by mock\): found "boat" at score /),
    });
    expect(wrong.pass).toBe(false);
  });

  it("a rendered clip that does not follow its plan fails `path`", async () => {
    const rendered = await renderClip({ mode: "test", world: lighthouseWorld(), spec, baseUrl: BASE });
    const verification = await verifyClip({ mode: "test", world: lighthouseWorld(), spec: { ...spec, path: ["climb", "sail"] }, rendered });
    expect(check(verification, "path")).toMatchObject({
      pass: false,
      detail: expect.stringContaining("the plan walks shore → lamp → end but the clip rendered shore → shore → lamp → end"),
    });
  });

  it("refuses a clip that does not plan, and stops when aborted", async () => {
    const bad = renderClip({
      mode: "test",
      world: lighthouseWorld(),
      spec: clip({ kind: "variation", from: "shore", path: ["fly"], apply: { note: "x" } }),
      baseUrl: BASE,
    });
    await expect(bad).rejects.toBeInstanceOf(ApiError);
    await expect(bad).rejects.toMatchObject({ status: 422, extra: { errors: ['path[0]: no event "fly" leaves "shore"'] } });
    const aborted = new AbortController();
    aborted.abort(new Error("cancelled by the batch"));
    await expect(renderClip({ mode: "test", world: lighthouseWorld(), spec, baseUrl: BASE, signal: aborted.signal })).rejects.toThrow(
      "cancelled by the batch",
    );
  });
});

describe("renderClip and verifyClip with the local painter (live keys, offline)", () => {
  it("a night and rain variation paints every frame at night in the rain, whatever the prose says", async () => {
    const spec = clip({ kind: "variation", from: "shore", path: ["climb", "sail"], apply: { timeOfDay: "night", weather: "rain" } });
    const rendered = await renderClip({ mode: "live", world: lighthouseWorld(), spec, baseUrl: BASE });
    expect(rendered.frames).toHaveLength(3);
    expect(rendered.manifests.map((m) => [m?.timeOfDay, m?.weather])).toEqual([
      ["night", "rain"],
      ["night", "rain"],
      ["night", "rain"],
    ]);
    expect(rendered.prompts?.every((p) => p.includes("at night, in the rain"))).toBe(true);
    // The shore's prose says "a stormy sea at dawn": without the variation it paints as that.
    const plain = await renderClip({
      mode: "live",
      world: lighthouseWorld(),
      spec: clip({ kind: "variation", from: "shore", apply: { note: "gulls wheel" } }),
      baseUrl: BASE,
    });
    expect(plain.manifests[0]).toMatchObject({ timeOfDay: "dawn", weather: "storm" });
    const gif = await gifOf(rendered);
    expect(gif.frames).toHaveLength(3);
    expect(gif.width).toBe(320);
  });

  it("a variant's prose replaces its state's on the path", async () => {
    const rendered = await renderClip({
      mode: "live",
      world: lighthouseWorld(),
      spec: clip({ kind: "variation", from: "shore", path: ["climb"], apply: { variant: "wreck" } }),
      baseUrl: BASE,
    });
    expect(rendered.prompts?.[0]).toMatch(/^A wrecked ship below the lighthouse/);
    expect(rendered.prompts?.[1]).toMatch(/^The lamp room/);
    expect(rendered.manifests[0]?.objects.some((o) => o.label === "ship")).toBe(true);
    expect(rendered.manifests[1]?.objects.some((o) => o.label === "ship")).toBe(false);
  });

  it("a counterfactual paints the rewritten event's prose where it leads", async () => {
    const spec = clip({
      kind: "counterfactual",
      from: "shore",
      path: ["climb", "sail"],
      replace: { event: "climb", with: { to: "cellar", base: "The stairs give way into the dark" } },
      expect: { reach: "end" },
    });
    const { rendered, verification } = await renderAndVerifyClip({ mode: "live", world: lighthouseWorld(), spec, baseUrl: BASE });
    expect(rendered.states).toEqual(["shore", "cellar", "end"]);
    expect(rendered.captions?.[1]).toBe("Cellar: The stairs give way into the dark");
    expect(rendered.prompts?.[1]).toContain("The stairs give way into the dark");
    expect(check(verification, "reach")?.pass).toBe(true);
  });

  it("checks what the final frame shows from its manifest: a drawn label is visible, not absent", async () => {
    const spec = clip({
      kind: "variation",
      from: "shore",
      path: ["climb"],
      apply: { weather: "fog" },
      expect: { reach: "lamp", visible: ["lamp", "dragon"], absent: ["lamp", "dragon"] },
    });
    const { rendered, verification } = await renderAndVerifyClip({ mode: "live", world: lighthouseWorld(), spec, baseUrl: BASE });
    expect(rendered.manifests.at(-1)?.objects.map((o) => o.label)).toContain("lamp");
    expect(verification.checks.map((c) => [c.name, c.pass])).toEqual([
      ["path", true],
      ["reach", true],
      ["visible:lamp", true],
      ["visible:dragon", false],
      ["absent:lamp", false],
      ["absent:dragon", true],
      ["subject", true],
    ]);
    expect(check(verification, "visible:lamp")?.detail).toMatch(
      /^"lamp" is in the final frame \(frames\[1\], from its scene manifest\): found "lamp" at score /,
    );
    expect(check(verification, "absent:lamp")?.detail).toMatch(/^"lamp" is in the final frame/);
    expect(check(verification, "visible:dragon")?.detail).toMatch(/^"dragon" is not in the final frame .*found nothing/);
    expect(check(verification, "subject")?.detail).toMatch(
      /^"a lighthouse keeper" is in all 2 frame\(s\) \(frames\[0\]: "keeper" [\d.]+ in view; frames\[1\]: "keeper"/,
    );
    expect(verification.pass).toBe(false);
    const passing = await verifyClip({
      mode: "live",
      world: lighthouseWorld(),
      spec: { ...spec, expect: { reach: "lamp", visible: ["lamp"], absent: ["dragon"] } },
      rendered,
    });
    expect(passing.pass).toBe(true);
  });

  it("subject continuity names the frames the protagonist is missing from", async () => {
    const spec = clip({ kind: "variation", from: "shore", path: ["climb"], apply: { timeOfDay: "dusk" } });
    const rendered = await renderClip({ mode: "live", world: lighthouseWorld(), spec, baseUrl: BASE });
    // A second frame whose painter drew no protagonist (its stored manifest has no subject object).
    const first = await readAsset(assetName(rendered.frames[0]!)!);
    const manifest = rendered.manifests[0]!;
    const bytes = Buffer.concat([first!.bytes, Buffer.from("not the same frame")]);
    const stored = await storeAsset(bytes, "image/png", BASE);
    await storeManifest(stored, { ...manifest, objects: manifest.objects.filter((o) => !o.subject) }, BASE);
    const verification = await verifyClip({
      mode: "live",
      world: lighthouseWorld(),
      spec,
      rendered: { ...rendered, frames: [rendered.frames[0]!, stored.url], manifests: [manifest, null] },
    });
    expect(check(verification, "path")?.pass).toBe(true);
    expect(check(verification, "subject")).toMatchObject({
      pass: false,
      detail: expect.stringMatching(
        /^"a lighthouse keeper" is missing from frames\[1\] of 2 frame\(s\) \(frames\[0\]: "keeper" [\d.]+ in view; frames\[1\]: no subject drawn\)$/,
      ),
    });
    expect(verification.pass).toBe(false);

    // A second frame whose protagonist is someone else fails too.
    const otherBytes = Buffer.concat([first!.bytes, Buffer.from("another frame")]);
    const other = await storeAsset(otherBytes, "image/png", BASE);
    await storeManifest(other, { ...manifest, objects: manifest.objects.map((o) => (o.subject ? { ...o, label: "witch" } : o)) }, BASE);
    const swapped = await verifyClip({
      mode: "live",
      world: lighthouseWorld(),
      spec,
      rendered: { ...rendered, frames: [rendered.frames[0]!, other.url] },
    });
    expect(check(swapped, "subject")).toEqual({
      name: "subject",
      pass: false,
      detail: 'the protagonist changes between frames: "keeper" in frames[0]; "witch" in frames[1]',
    });

    // A world that names no subject has none to follow.
    const bare = { ...lighthouseWorld(), subject: "" };
    expect(check(await verifyClip({ mode: "live", world: bare, spec, rendered }), "subject")).toEqual({
      name: "subject",
      pass: true,
      detail: "the world names no subject to follow",
    });
  });
});

describe("renderAndVerifyClips (the bench's plain loop)", () => {
  it("renders and verifies every clip in order, a few at a time, and reports a clip that fails without stopping", async () => {
    const specs = [
      clip({ kind: "variation", from: "shore", path: ["climb"], apply: { timeOfDay: "night" }, expect: { reach: "lamp" } }),
      clip({ kind: "variation", from: "shore", path: ["fly"], apply: { note: "x" } }),
      clip({ kind: "variation", from: "lamp", path: ["sail"], apply: { weather: "snow" }, expect: { reach: "lamp" } }),
    ];
    const outcomes = await renderAndVerifyClips({ mode: "test", world: lighthouseWorld(), specs, baseUrl: BASE, concurrency: 2 });
    expect(outcomes.map((o) => ("error" in o ? o.error : o.verification.pass))).toEqual([
      true,
      'The clip cannot be planned: path[0]: no event "fly" leaves "shore"',
      false,
    ]);
    expect(outcomes.map((o) => ("error" in o ? null : o.rendered.states))).toEqual([["shore", "lamp"], null, ["lamp", "end"]]);
  });
});
