import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { exportDatasetTask } from "@/lib/datasets/export-task";
import { mockWorld } from "@/lib/kernel";
import { explorePolicy } from "@/lib/sim/policy";
import { buildSimWorld, SimEnv, type StepResult } from "@/lib/sim/browser";
import { asApp, expect, firstAppId, newAccount, shoot, signUp, test } from "../fixtures/studio";

/**
 * The Studio's Simulation tab (issue 16.5): a world driven as lib/sim's environment in the
 * browser. The same environment runs here in the test (same world, seed and actions), so what
 * the tab shows is checked against the simulator itself: the pose after turning and walking,
 * exactly one collision spike for backing into a wall and pressing on, and the path the
 * `explore` policy takes through the first exit into the next room, typed as keys.
 * Then a small dataset is exported as a job and both files downloaded: the same bytes the
 * exporter writes here for the same world and options. Screenshots: e2e/artifacts/simulation-*.png.
 */

const PREMISE = "A lighthouse keeper hears a drowned bell ringing under a stormy sea";
/** The key the tab maps to each action index (noop, forward, back, turn left, turn right, interact). */
const KEY_OF = ["q", "w", "s", "ArrowLeft", "ArrowRight", "e"];

const poseOf = (env: SimEnv) => `${env.pose.x.toFixed(3)},${env.pose.y.toFixed(3)},${env.pose.heading.toFixed(3)}`;

test.describe("Studio: the Simulation tab", () => {
  // Tall enough that the room, the camera, the plot and the export form all show in one screenshot.
  test.use({ viewport: { width: 1280, height: 1500 } });

  test("drives the agent into a wall and through an exit", async ({ page, consoleErrors }) => {
    test.setTimeout(180_000);
    await signUp(page, newAccount("sim"));
    const appId = await firstAppId(page);
    const api = asApp(page.request, appId, "live");
    const world = { ...mockWorld({ premise: PREMISE }), name: "Drowned bell" };
    const created = await api.post("/v1/worlds", { world });
    expect(created.status()).toBe(201);
    const worldId: string = (await created.json()).worldId;

    // The same environment in the test: seed 0, as the tab resets it.
    const sim = buildSimWorld(world);
    const env = new SimEnv(sim, { seed: 0 });
    let last: StepResult | null = null;
    env.reset(0);
    const press = async (keys: string[]) => {
      for (const key of keys) {
        await page.keyboard.press(key);
        const action = KEY_OF.indexOf(key);
        last = env.step(action);
      }
    };

    await page.goto(`/worlds/${worldId}?tab=simulation`);
    const panel = page.getByRole("tabpanel", { name: "Simulation" });
    await expect(panel.getByRole("heading", { name: "Simulation" })).toBeVisible();
    const map = panel.getByTestId("sim-map");
    const plot = panel.getByTestId("sim-plot");
    await expect(map).toHaveAttribute("data-pose", poseOf(env));
    await expect(panel.getByTestId("sim-state")).toHaveText(sim.entrance);
    await expect(plot).toHaveAttribute("data-points", "1");
    await expect(panel.getByTestId("sim-exit")).toHaveCount(sim.rooms.get(sim.entrance)!.exits.length);
    const start = poseOf(env);

    // Turn and walk: the pose moves as the simulator says, and the plot grows a point a step.
    await press(["ArrowLeft", "w", "w", "w"]);
    await expect(map).toHaveAttribute("data-pose", poseOf(env));
    expect(poseOf(env)).not.toBe(start);
    await expect(plot).toHaveAttribute("data-points", "5");
    await expect(panel.getByTestId("sim-steps")).toHaveText("4");

    // Back into the near wall and press on: one spike for the contact, not one per step.
    await press(["s", "s", "s", "s", "s", "s", "s", "s"]);
    await expect(map).toHaveAttribute("data-pose", poseOf(env));
    await expect(plot).toHaveAttribute("data-points", "13");
    await expect(plot).toHaveAttribute("data-spikes", "1");
    await expect(panel.getByTestId("sim-spike")).toHaveCount(1);
    await expect(panel.getByTestId("sim-collisions")).toHaveText(/^1/);
    await expect(panel.getByTestId("sim-reward")).toContainText("-0.01");
    await shoot(page, "simulation-wall", false);

    // Through the first exit: the explore policy's path from here, computed on the same
    // environment, typed as keys; the tab ends up in the same room at the same pose.
    const policy = explorePolicy(0);
    const keys: string[] = [];
    const probe = new SimEnv(sim, { seed: 0 });
    probe.reset(0);
    for (const key of ["ArrowLeft", "w", "w", "w", "s", "s", "s", "s", "s", "s", "s", "s"]) probe.step(KEY_OF.indexOf(key));
    let probeLast: StepResult | null = last;
    while (probe.state === sim.entrance && keys.length < 400) {
      const action = policy.act(probe, probeLast);
      probeLast = probe.step(action);
      keys.push(KEY_OF[action]!);
    }
    expect(probe.state).not.toBe(sim.entrance);
    await press(keys);
    expect(env.state).toBe(probe.state);
    await expect(panel.getByTestId("sim-state")).toHaveText(env.state);
    await expect(map).toHaveAttribute("data-pose", poseOf(env));
    await expect(panel.getByTestId("sim-event")).toHaveText(last!.info.event!);
    await expect(panel.getByTestId("sim-exit")).toHaveCount(env.room.exits.length);
    await expect(plot).toHaveAttribute("data-points", String(Math.min(100, 13 + keys.length)));
    await shoot(page, "simulation-next-room", false);

    // Reset with another seed: back at the entrance, the plot starts again.
    const driver = panel.getByRole("region", { name: "Simulation" });
    await driver.getByLabel("Seed").fill("7");
    await driver.getByRole("button", { name: "Reset" }).click();
    await expect(panel.getByTestId("sim-state")).toHaveText(sim.entrance);
    await expect(plot).toHaveAttribute("data-points", "1");
    const seven = new SimEnv(sim, { seed: 7 });
    seven.reset(7);
    await expect(map).toHaveAttribute("data-pose", poseOf(seven));

    // Export a small dataset: the API's limits show beside the field, then the job runs and
    // both files download, byte for byte what the exporter writes for the same request.
    const form = panel.getByRole("form", { name: "Export dataset" });
    await form.getByLabel("Episodes").fill("500");
    await form.getByRole("button", { name: "Export dataset" }).click();
    await expect(form.getByLabel("Episodes")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText(/100/)).toBeVisible();
    await form.getByLabel("Episodes").fill("3");
    await form.getByLabel("Policy").selectOption("explore");
    await form.getByLabel("Camera").selectOption("16");
    await form.getByLabel("Seed").fill("4");
    await form.getByLabel("Steps per episode").fill("60");
    const started = page.waitForResponse((r) => r.url().endsWith(`/v1/worlds/${worldId}/datasets`) && r.request().method() === "POST");
    await form.getByRole("button", { name: "Export dataset" }).click();
    expect((await started).status()).toBe(202);
    const done = panel.getByTestId("sim-export-done");
    await expect(done.or(panel.getByTestId("sim-export-progress"))).toBeVisible();
    await expect(done).toBeVisible({ timeout: 90_000 });
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "sim-e2e-"));
    try {
      const local = exportDatasetTask({ world, episodes: 3, policy: "explore", camera: 16, seed: 4, maxSteps: 60, out });
      await expect(done).toContainText(`${local.steps} steps in 3 episodes`);
      await shoot(page, "simulation-export", true);
      const sha = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");
      for (const name of ["episodes.jsonl", "dataset.npz"]) {
        const download = page.waitForEvent("download");
        await done.getByRole("link", { name: new RegExp(`Download ${name.replace(".", "\\.")}`) }).click();
        const file = await download;
        expect(file.suggestedFilename()).toBe(name);
        const saved = path.join(out, `downloaded-${name}`);
        await file.saveAs(saved);
        expect(sha(saved)).toBe(sha(path.join(out, name)));
        if (name === "episodes.jsonl") {
          const rows = fs
            .readFileSync(saved, "utf8")
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line));
          expect(rows).toHaveLength(local.steps);
          expect(rows[0]).toMatchObject({ episode: 0, step: 0, state: sim.entrance });
          expect(Buffer.from(rows[0].observation.camera, "base64")).toHaveLength(16 * 16 * 3);
        } else {
          const zip = fs.readFileSync(saved);
          expect(zip.subarray(0, 2).toString("latin1")).toBe("PK");
          for (const array of ["proximity.npy", "collision.npy", "camera.npy", "actions.npy"])
            expect(zip.includes(Buffer.from(array))).toBe(true);
        }
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }

    // Dark mode and a narrow window.
    await page.emulateMedia({ colorScheme: "dark" });
    await shoot(page, "simulation-dark", false);
    await page.setViewportSize({ width: 390, height: 2400 });
    await shoot(page, "simulation-narrow", true);
    // The one error provoked on purpose: the 400 of 500 episodes.
    const provoked = /status of 400 .*\/datasets\)$/;
    expect(consoleErrors.filter((e) => provoked.test(e))).toHaveLength(1);
    expect(consoleErrors.filter((e) => !provoked.test(e))).toEqual([]);
  });
});
