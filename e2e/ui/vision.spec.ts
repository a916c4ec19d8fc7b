import { asApp, expect, firstAppId, generateWorld, newAccount, shoot, signUp, test } from "../fixtures/studio";

/**
 * The Studio's Vision panel (issue 14): on a live world made by the offline `local` provider,
 * phrases find the painted objects (boxes drawn over the frame, exact from the scene manifest),
 * Describe captions the frame, and a check list passes for what is there and for what is
 * rightly absent, and fails for what is wrongly expected. Then the local voice (eSpeak NG)
 * speaks through POST /v1/tts and the browser plays it. Screenshots: e2e/artifacts/vision-*.png.
 */

test.describe("Studio: the Vision panel", () => {
  test("finds, describes and checks a painted frame", async ({ page, consoleErrors }) => {
    test.setTimeout(240_000);
    await signUp(page, newAccount("vision"));
    const appId = await firstAppId(page);
    const api = asApp(page.request, appId, "live");
    const worldId = await generateWorld(api, "A lighthouse keeper hears a drowned bell ringing under a stormy sea");
    const resource = await (await api.get(`/v1/worlds/${worldId}`)).json();
    const manifestUrl: string = resource.world.entrance.image.manifest;
    const manifest = await (await page.request.get(manifestUrl)).json();
    const labels: string[] = manifest.objects.map((o: { label: string }) => o.label);
    expect(labels).toEqual(expect.arrayContaining(["lighthouse"]));

    await page.goto(`/worlds/${worldId}?tab=vision`);
    const panel = page.getByRole("tabpanel", { name: "Vision" });
    await expect(panel.getByRole("heading", { name: "Vision" })).toBeVisible();
    await expect(panel.getByTestId("vision-frame").locator("img")).toHaveJSProperty("complete", true);

    // Find: one box per object a phrase names, drawn over the frame where the manifest has it.
    const grounded = page.waitForResponse((r) => r.url().endsWith("/v1/vision/ground"));
    await panel.getByLabel("Find").fill("lighthouse, dragon");
    await panel.getByRole("button", { name: "Find" }).click();
    const ground = await (await grounded).json();
    expect(ground).toMatchObject({ provider: "local", source: "manifest" });
    const lighthouse = ground.objects.filter((o: { phrase: string }) => o.phrase === "lighthouse");
    expect(lighthouse.length).toBeGreaterThan(0);
    expect(ground.objects.some((o: { phrase: string }) => o.phrase === "dragon")).toBe(false);
    const boxes = panel.getByTestId("vision-box");
    await expect(boxes).toHaveCount(ground.objects.length);
    await expect(boxes.first()).toContainText("lighthouse");
    // The drawn box sits where the answer says, in fractions of the shown frame.
    const frameBox = (await panel.getByTestId("vision-frame").locator("img").boundingBox())!;
    const drawn = (await boxes.first().boundingBox())!;
    const want = ground.objects[0].box;
    expect(Math.abs((drawn.x - frameBox.x) / frameBox.width - want.x)).toBeLessThan(0.01);
    expect(Math.abs((drawn.y - frameBox.y) / frameBox.height - want.y)).toBeLessThan(0.01);
    expect(Math.abs(drawn.width / frameBox.width - want.w)).toBeLessThan(0.01);
    await expect(panel.getByTestId("vision-found")).toHaveText(/found: lighthouse/);
    await expect(panel.getByText("local · from the painter's record")).toBeVisible();
    await shoot(page, "vision-find", false);

    // Describe: the caption names what was painted.
    await panel.getByRole("button", { name: "Describe" }).click();
    await expect(panel.getByTestId("vision-caption")).toContainText("lighthouse");

    // Check list: present, rightly absent, and wrongly expected.
    const checked = page.waitForResponse((r) => r.url().endsWith("/v1/vision/check"));
    await panel.getByLabel("Check list").fill("lighthouse\n!dragon\ndragon");
    await panel.getByRole("button", { name: "Run checks" }).click();
    expect((await checked).status()).toBe(200);
    const results = panel.getByRole("list", { name: "Check results" }).locator("li");
    await expect(results).toHaveCount(3);
    await expect(results.nth(0)).toHaveAttribute("data-pass", "true");
    await expect(results.nth(1)).toHaveAttribute("data-pass", "true");
    // A painted frame is read from the painter's record: no detector's score.
    await expect(results.nth(0)).toContainText("should be there · there, from the painter's record");
    await expect(results.nth(1)).toContainText(/dragon\s*should be absent · not in the painter's record/);
    await expect(results.nth(2)).toHaveAttribute("data-pass", "false");
    await expect(results.nth(2)).toContainText("Fail");
    await expect(results.nth(2)).toContainText(/dragon\s*should be there · not in the painter's record/);
    await shoot(page, "vision-check", false);

    // Another state's frame: the panel looks at that one.
    const states = Object.entries(resource.world.scene.states as Record<string, { image?: { src?: string } }>).filter(
      ([id, s]) => s.image?.src && id !== resource.world.entrance.state,
    );
    expect(states.length).toBeGreaterThan(0);
    await panel.getByLabel("Frame").selectOption(states[0]![0]);
    await expect(panel.getByTestId("vision-box")).toHaveCount(0);
    await expect(panel.getByTestId("vision-frame").locator("img")).toHaveAttribute("src", states[0]![1].image!.src!);

    // Metered as the API meters it.
    const usage = await (await api.get("/v1/usage")).json();
    expect(usage.quotas.vision_ground.used).toBe(1);
    expect(usage.quotas.vision_describe.used).toBe(1);
    expect(usage.quotas.vision_check.used).toBe(1);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/dark/);
    await shoot(page, "vision-dark", false);
    expect(consoleErrors).toEqual([]);
  });

  test("the local voice speaks, and the browser plays it", async ({ page }) => {
    test.setTimeout(120_000);
    await signUp(page, newAccount("voice"));
    const appId = await firstAppId(page);
    const api = asApp(page.request, appId, "live");
    const short = await (await api.post("/v1/tts", { text: "Mind the stairs." })).json();
    const long = await (
      await api.post("/v1/tts", { text: "Mind the stairs. The lamp has burned every night for a hundred years, and it will burn tonight." })
    ).json();
    expect(short).toMatchObject({ mimeType: "audio/wav", voiceId: "narrator" });
    expect(short.mock).toBeUndefined();
    // The browser decodes and plays both; the longer text plays longer.
    const played = await page.evaluate(
      async (clips: string[]) => {
        const durations: number[] = [];
        for (const b64 of clips) {
          const audio = new Audio(`data:audio/wav;base64,${b64}`);
          audio.muted = true;
          await audio.play();
          await new Promise<void>((resolve, reject) => {
            audio.onended = () => resolve();
            audio.onerror = () => reject(new Error("the audio could not be played"));
          });
          durations.push(audio.duration);
        }
        return durations;
      },
      [short.audioBase64, long.audioBase64],
    );
    expect(played[0]).toBeGreaterThan(0.6);
    expect(played[1]).toBeGreaterThan(3 * played[0]!);
  });
});
