import { makeSmallWorld } from "../../lib/kernel/fixtures";
import { portrait } from "../fixtures/pictures";
import { asApp, expect, firstAppId, newAccount, shoot, signUp, test } from "../fixtures/studio";

/**
 * Characters in the Studio against the built app: a live character (created through the API the
 * way a developer's server would, here the Studio's session acting for the app) shows up in My
 * Creations with its badge beside a world, the kind filter narrows the list, and its page shows
 * the stances, the owner's brain, the embed snippet (copied) and a live preview that answers.
 * Test-mode characters never show up; other accounts get the 404 page. Screenshots go to
 * e2e/artifacts/ for review.
 */

const NEUTRAL_IMG = portrait("#6b7fa8", "#141a2b", "#2a3350");
const WARM_IMG = portrait("#f3b27a", "#3b1d12", "#5a2f1f");
const AMUSED_IMG = portrait("#c9a5f0", "#24123b", "#3d2360");
const LANDSCAPE =
  "data:image/svg+xml," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6c28b"/><stop offset="1" stop-color="#7b6fb0"/></linearGradient></defs><rect width="1280" height="720" fill="url(#s)"/><circle cx="930" cy="250" r="90" fill="#fff3d6"/><path d="M0 520 L260 360 L470 500 L700 330 L980 520 L1280 400 L1280 720 L0 720Z" fill="#3b3360"/><path d="M0 610 L340 520 L640 620 L960 540 L1280 620 L1280 720 L0 720Z" fill="#241f3d"/></svg>`,
  );

const WREN = {
  name: "Wren",
  persona: "You are Wren, keeper of the harbour light. Dry, kind, a little shy; you answer in short sentences.",
  lore: "The harbour light was built in 1887 after the wreck of the Alder. Wren's grandmother kept it for forty years; Wren took over the winter the old lens cracked. She knows every ship that passes by its lights, keeps a logbook of storms, and has never once let the lamp go dark. Sailors leave her oranges on the bottom step; she pretends not to know who brings them.",
  greeting: "Mind the stairs. Who sent you?",
  voiceId: "alloy",
  intro: { kicker: "Meet", title: "Wren", hint: "Keeper of the harbour light. Ask her about the storms." },
};

test.describe("Studio: characters", () => {
  test("a live character in My Creations: badge, kind filter, its page, snippet and live preview", async ({
    page,
    context,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signUp(page, newAccount("characters"));
    const appId = await firstAppId(page);
    const live = asApp(page.request, appId);
    const sandbox = asApp(page.request, appId, "test");

    // A character drafted in test mode, then imported live with pictures for three stances (the
    // others keep the embed's gradient placeholder); a test-mode character stays; and a live world.
    const drafted = await sandbox.post("/v1/characters", WREN);
    expect(drafted.status(), await drafted.text()).toBe(201);
    const draftId: string = (await drafted.json()).id;
    const { world } = await (await sandbox.get(`/v1/characters/${draftId}`)).json();
    world.scene.states.neutral.image = { src: NEUTRAL_IMG, label: "Neutral" };
    world.scene.states.warm.image = { src: WARM_IMG, label: "Warm" };
    world.scene.states.amused.image = { src: AMUSED_IMG, label: "Amused" };
    // The drafted character's own (mock) pictures of the other three are dropped: they show the placeholder.
    for (const stance of ["curious", "guarded", "downcast"]) delete world.scene.states[stance].image;
    world.cover = NEUTRAL_IMG;
    world.entrance.image = { src: NEUTRAL_IMG, label: "Wren" };
    const worldRes = await live.post("/v1/worlds", {
      world: {
        ...makeSmallWorld(),
        name: "Tidewater",
        description: "A harbour town where the tide keeps its own calendar.",
        cover: LANDSCAPE,
      },
    });
    expect(worldRes.status(), await worldRes.text()).toBe(201);
    const worldId: string = (await worldRes.json()).worldId;
    const imported = await live.post("/v1/characters", { world });
    expect(imported.status(), await imported.text()).toBe(201);
    const characterId: string = (await imported.json()).id;

    // My Creations: the character (newest) with its badge, the world without; the draft never.
    await page.goto("/creations");
    const cards = page.getByRole("list", { name: "Creations" }).getByRole("listitem");
    await expect(cards).toHaveCount(2);
    const wrenCard = cards.filter({ hasText: "Wren" });
    const worldCard = cards.filter({ hasText: "Tidewater" });
    await expect(cards.first()).toContainText("Wren");
    await expect(wrenCard).toContainText("Character");
    await expect(wrenCard).toContainText("Private");
    await expect(wrenCard).toContainText("My first app");
    await expect(wrenCard).toContainText(/Edited/);
    await expect(wrenCard.getByRole("link")).toHaveAttribute("href", `/characters/${characterId}`);
    await expect(worldCard).not.toContainText("Character");
    await expect(worldCard.getByRole("link")).toHaveAttribute("href", `/worlds/${worldId}`);
    await expect(page.locator(`[data-world-id="${draftId}"]`)).toHaveCount(0);

    // The kind filter lives in the URL, like search and the app filter, and combines with search.
    const kind = page.getByLabel("Kind", { exact: true });
    await kind.selectOption({ label: "Characters" });
    await expect(page).toHaveURL(/kind=character/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Wren");
    await kind.selectOption({ label: "Worlds" });
    await expect(page).toHaveURL(/kind=world/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Tidewater");
    await page.getByLabel("Search creations").fill("harbour light");
    await expect(page).toHaveURL(/q=harbour\+light/);
    await expect(page.getByRole("heading", { name: "No worlds match" })).toBeVisible();
    await kind.selectOption({ label: "All kinds" });
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Wren");
    await page.getByLabel("Search creations").fill("");
    await expect(page).toHaveURL(/\/creations$/);
    await expect(cards).toHaveCount(2);
    await expect(kind).toHaveValue("");
    // A kind that does not exist is no filter at all (never an error).
    const bogus = await page.request.get("/creations?kind=campaign");
    expect(bogus.status()).toBe(200);
    await page.mouse.move(0, 0);
    await shoot(page, "studio-creations-characters-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/dark/);
    await shoot(page, "studio-creations-characters-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // Its page: the header, the stances (entrance first and marked), the owner's brain.
    await wrenCard.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/characters/${characterId}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Wren" })).toBeVisible();
    const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
    await expect(header).toContainText("Character");
    await expect(header).toContainText("Private");
    await expect(header).toContainText("Live");
    await expect(header.getByRole("link", { name: "My first app" })).toHaveAttribute("href", `/apps/${appId}`);

    const stances = page.getByRole("list", { name: "Stances" }).getByRole("listitem");
    await expect(stances).toHaveCount(6);
    await expect(stances.first()).toContainText("Entrance");
    await expect(stances.first()).toContainText("Neutral");
    await expect(stances.first().getByRole("img", { name: "Wren, neutral" })).toHaveAttribute("src", NEUTRAL_IMG);
    await expect(page.getByText("Entrance", { exact: true })).toHaveCount(1);
    const warm = stances.filter({ hasText: "Warm" });
    await expect(warm).toContainText("happy, friendly");
    await expect(warm).toContainText("a warm, open smile");
    await expect(warm.getByRole("img")).toHaveAttribute("src", WARM_IMG);
    await expect(stances.filter({ hasText: "Guarded" }).getByRole("img", { name: "Guarded: no picture yet" })).toBeVisible();

    const brain = page.getByRole("region", { name: "Brain" });
    await expect(brain).toContainText("Only you");
    await expect(brain).toContainText(WREN.persona);
    await expect(brain).toContainText(WREN.greeting);
    await expect(brain).toContainText("alloy");
    await expect(brain).toContainText("built in 1887");
    await expect(brain.getByText("Show all lore")).toBeVisible();
    await brain.getByText("Show all lore").click();
    await expect(brain).toContainText("she pretends not to know who brings them");

    // The embed snippet for characters, copied as it is shown.
    const embed = page.getByRole("region", { name: "Embed on your site" });
    await expect(embed.getByLabel("Next.js example", { exact: true })).toContainText("characterId: CHARACTER_ID");
    await expect(embed.getByLabel("Next.js example", { exact: true })).toContainText(`const CHARACTER_ID = "${characterId}"`);
    await embed.getByRole("button", { name: "Copy iframe tag" }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`/embed/c/${characterId}#token=SESSION_TOKEN`);
    expect(copied).toContain("<iframe");

    // The live preview: nothing runs until asked; then one message gets a reply.
    const preview = page.getByRole("region", { name: "Live preview" });
    await expect(preview).toContainText("metered like any player");
    await expect(preview.locator("iframe")).toHaveCount(0);
    await preview.getByRole("button", { name: "Start preview" }).click();
    const chat = page.frameLocator(`iframe[title="Preview: talk to Wren"]`);
    await expect(chat.getByRole("heading", { level: 1 })).toHaveText("Wren");
    const log = chat.getByRole("log", { name: "Messages" });
    await expect(log.locator(".pc-character .pc-text")).toHaveText([WREN.greeting]);
    await chat.getByRole("textbox", { name: "Your message to Wren" }).fill("Good evening! What do you keep up here?");
    await chat.getByRole("button", { name: "Send" }).click();
    await expect(log.locator(".pc-user .pc-text")).toHaveText(["Good evening! What do you keep up here?"]);
    await expect(log.locator(".pc-character .pc-text")).toHaveCount(2, { timeout: 30_000 });
    await expect(log.locator(".pc-character .pc-text").nth(1)).not.toBeEmpty();
    await expect(chat.getByRole("alert")).toHaveCount(0);

    await page.mouse.move(0, 0);
    await shoot(page, "studio-character-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/dark/);
    await shoot(page, "studio-character-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // The world workspace's URL of a character leads to its page.
    await page.goto(`/worlds/${characterId}`);
    await expect(page).toHaveURL(new RegExp(`/characters/${characterId}$`));

    // A plain world, an unknown or a malformed id, another account: the 404 page (the Studio
    // streams its pages, so the page, not the status, is what is certain), nothing of the brain.
    for (const id of [worldId, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      await page.goto(`/characters/${id}`);
      await expect(page.getByRole("heading", { name: "Character not found" })).toBeVisible();
    }
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await signUp(other, newAccount("stranger"));
    await other.goto(`/characters/${characterId}`);
    await expect(other.getByRole("heading", { name: "Character not found" })).toBeVisible();
    await expect(other.locator("body")).not.toContainText("harbour light");
    await expect(other.getByRole("heading", { level: 1, name: "Wren" })).toHaveCount(0);
    await stranger.close();

    expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});
