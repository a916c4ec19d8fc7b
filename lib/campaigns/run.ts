import { getProvider, type Bible, type Chapter } from "@/lib/ai";
import { getDb, Prisma } from "@/lib/db";
import { ApiError } from "@/lib/errors";
import { DEFAULT_POV } from "@/lib/generation/create-world";
import { isJobCancelled, readJob, recordJobOutput, updateJob } from "@/lib/generation/jobs";
import { storedDrafts } from "@/lib/generation/drafts";
import { generateWorldSteps, silentReporter, type StepRunner } from "@/lib/generation/pipeline";
import type { Mode } from "@/lib/shared/caller";
import { log } from "@/lib/log";
import { emitWebhookEvent } from "@/lib/webhooks";
import { isQuotaExceeded, releaseUnspentChapterQuota, reserveChapterQuota } from "./chapter-quota";
import { paintReference, releaseUnspentReferenceQuota, reserveReferenceQuota, type SubjectRef } from "./reference";
import type { Fidelity } from "./requests";
import { actForAuthor, planSpine } from "./spine";

/**
 * The authoring job of a campaign (docs/campaigns.md): segment → bible → spine → reference →
 * per chapter, in order: reserve one generation, author it through the world pipeline and the
 * kernel gate, paint its frames, store it linked to the next. Every stage and every chapter is
 * its own step (ids never change); every step is safe to run twice, and the stages that a
 * resumed run finds done (bible, spine, reference, authored chapters) do nothing.
 */

export type CampaignOutcome = { complete: true } | { stopped: string };

interface SpineEntry {
  index: number;
  worldId: string;
}

async function loadCampaign(campaignId: string) {
  const db = await getDb();
  return db.campaign.findUniqueOrThrow({ where: { id: campaignId }, include: { chapters: { orderBy: { index: "asc" } } } });
}

async function ensureBible(campaignId: string, mode: Mode): Promise<Bible> {
  const campaign = await loadCampaign(campaignId);
  if (campaign.bible) return campaign.bible as unknown as Bible;
  const bible = await getProvider(mode).writeBible(campaign.text);
  const db = await getDb();
  await db.campaign.update({
    where: { id: campaignId },
    data: { bible: bible as unknown as Prisma.InputJsonObject, ...(campaign.name === "" ? { name: bible.title } : {}) },
  });
  return bible;
}

/** The book's segments (procedural in every provider, so the same on every run). */
async function segmentCampaign(campaignId: string, mode: Mode): Promise<Chapter[]> {
  const db = await getDb();
  const { text } = await db.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { text: true } });
  return getProvider(mode).segmentBook(text);
}

async function ensureSpine(jobId: string, campaignId: string, mode: Mode): Promise<SpineEntry[]> {
  const db = await getDb();
  let campaign = await loadCampaign(campaignId);
  if (campaign.chapters.length === 0) {
    const acts = planSpine(await segmentCampaign(campaignId, mode), campaign.targetActs);
    try {
      await db.campaignChapter.createMany({
        data: acts.map((a) => ({
          campaignId,
          index: a.index,
          title: a.title,
          summary: a.summary,
          text: a.text,
          worldId: crypto.randomUUID(),
        })),
      });
    } catch (error) {
      // A step run twice at once: the other run planned it.
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    }
    campaign = await loadCampaign(campaignId);
  }
  await recordJobOutput(jobId, { actsTotal: campaign.chapters.length });
  return campaign.chapters.map((c) => ({ index: c.index, worldId: c.worldId }));
}

/** The reference step's result: the portrait (given or painted), or the `seed_frame` quota's refusal. */
type ReferenceOutcome = SubjectRef | { quotaExceeded: string };

async function ensureReference(campaignId: string, mode: Mode, bible: Bible, baseUrl: string): Promise<ReferenceOutcome> {
  const campaign = await loadCampaign(campaignId);
  const given = campaign.subjectRef as SubjectRef | null;
  if (given?.imageUrl) return { imageUrl: given.imageUrl, descriptor: given.descriptor ?? `${bible.protagonist} of ${bible.title}` };
  // A live portrait is a painted frame: one `seed_frame` unit, held before painting (kept on a retry).
  if (mode === "live") {
    try {
      await reserveReferenceQuota(campaign.appId, campaignId);
    } catch (error) {
      if (isQuotaExceeded(error)) return { quotaExceeded: error.detail };
      throw error;
    }
  }
  const painted = await paintReference(mode, bible, baseUrl);
  const db = await getDb();
  await db.campaign.update({ where: { id: campaignId }, data: { subjectRef: painted as unknown as Prisma.InputJsonObject } });
  return painted;
}

/** Chapter n is stored: record it, count it on the job, tell the app's webhooks (once per chapter). */
async function recordChapter(jobId: string, campaignId: string, index: number, worldId: string, provider: string): Promise<void> {
  const db = await getDb();
  const campaign = await db.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { appId: true } });
  await db.campaignChapter.updateMany({
    where: { campaignId, index, status: "pending" },
    data: { status: "authored", authoredAt: new Date() },
  });
  const chapters = await db.campaignChapter.findMany({
    where: { campaignId, status: "authored" },
    orderBy: { index: "asc" },
    select: { worldId: true },
  });
  await recordJobOutput(jobId, { actsDone: chapters.length, worldId: chapters[0]?.worldId ?? worldId, provider });
  await db.campaign.update({ where: { id: campaignId }, data: { updatedAt: new Date() } });
  await emitWebhookEvent(
    campaign.appId,
    "campaign.chapter.authored",
    { campaignId, jobId, chapter: index, worldId },
    { idempotencyKey: `${campaignId}:chapter:${index}` },
  );
}

async function completeCampaign(jobId: string, campaignId: string): Promise<void> {
  const db = await getDb();
  await updateJob(jobId, { status: "succeeded", phase: null });
  const { count } = await db.campaign.updateMany({ where: { id: campaignId, jobId, status: "authoring" }, data: { status: "complete" } });
  const campaign = await db.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { appId: true } });
  if (count === 1)
    await emitWebhookEvent(campaign.appId, "campaign.completed", { campaignId, jobId }, { idempotencyKey: `${jobId}:completed` });
}

/**
 * The job stops for good: the job ends `failed` (a cancelled one stays cancelled) with `error`;
 * the campaign keeps its chapters and becomes `partial` (a quota stop, or chapters so far),
 * `failed` (none) or `cancelled`; held units of chapters never stored come back.
 */
export async function stopCampaignJob(jobId: string, error: string): Promise<void> {
  const db = await getDb();
  const job = await readJob(jobId);
  if (!job.campaignId) return;
  await updateJob(jobId, { status: "failed", error });
  await releaseUnspentChapterQuota(job.appId, job.campaignId);
  await releaseUnspentReferenceQuota(job.appId, job.campaignId);
  // A chapter drafted but never stored leaves its draft and frames behind; a resume drafts it anew.
  const unstored = await db.campaignChapter.findMany({
    where: { campaignId: job.campaignId, status: "pending" },
    select: { worldId: true },
  });
  for (const { worldId } of unstored) await storedDrafts.drop(worldId);
  const cancelled = job.status === "cancelled";
  const authored = await db.campaignChapter.count({ where: { campaignId: job.campaignId, status: "authored" } });
  const status = cancelled ? "cancelled" : authored > 0 || error.startsWith("quota_exceeded") ? "partial" : "failed";
  const { count } = await db.campaign.updateMany({ where: { id: job.campaignId, jobId, status: "authoring" }, data: { status } });
  if (count === 1) {
    await emitWebhookEvent(
      job.appId,
      "campaign.stopped",
      { campaignId: job.campaignId, jobId, error: cancelled ? (job.error ?? "cancelled by request") : error },
      { idempotencyKey: `${jobId}:stopped` },
    );
    log.warn("campaign job stopped", { jobId, campaignId: job.campaignId, status, error });
  }
}

/** Chapter n's act as its author reads it (its text, or the book's gist in `spirit`). */
async function loadAct(campaignId: string, index: number, bible: Bible): Promise<Chapter> {
  const db = await getDb();
  const row = await db.campaignChapter.findUniqueOrThrow({
    where: { campaignId_index: { campaignId, index } },
    include: { campaign: { select: { fidelity: true } } },
  });
  return actForAuthor(row, bible, row.campaign.fidelity as Fidelity);
}

type Reserved = { state: "authored" | "reserved" | "held" | "cancelled" } | { state: "quota_exceeded"; detail: string };

/**
 * The job function. The function is replayed from the top for every request of its engine, so
 * outside its steps it reads one row (the job), whatever the number of chapters: what a chapter
 * needs is read inside its steps (cancellation by its `reserve`, its act by its `author`).
 */
export async function runCampaignJob(jobId: string, steps: StepRunner): Promise<CampaignOutcome> {
  const job = await readJob(jobId);
  const campaignId = job.campaignId!;
  const mode = job.mode as Mode;
  const caller = { appId: job.appId, mode };
  const { baseUrl } = job.input as { baseUrl: string };
  const stop = async (step: string, error: string): Promise<CampaignOutcome> => {
    await steps.run(step, () => stopCampaignJob(jobId, error));
    return { stopped: error };
  };
  if (job.status === "cancelled") return stop("cancelled", "cancelled by request");

  await steps.run("start", () => updateJob(jobId, { status: "running", provider: getProvider(mode).name }, { from: ["queued"] }));
  // The segments are not memoized (a run's every request carries every memoized result, and they
  // hold the whole book): the spine step segments the book again. A run memoized before this
  // kept them here; they are not read.
  await steps.run("segment", async () => ({ segments: (await segmentCampaign(campaignId, mode)).length }));
  const bible = await steps.run("bible", () => ensureBible(campaignId, mode));
  const spine = await steps.run("spine", () => ensureSpine(jobId, campaignId, mode));
  const reference = await steps.run("reference", () => ensureReference(campaignId, mode, bible, baseUrl));
  if ("quotaExceeded" in reference) {
    return stop(
      "reference:stopped",
      `quota_exceeded: ${reference.quotaExceeded} The protagonist's portrait was not painted, so no chapter was authored; raise the cap or wait, then resume.`,
    );
  }
  const subjectRef = reference;

  for (const [i, entry] of spine.entries()) {
    const n = entry.index;
    const reserved = await steps.run<Reserved>(`chapter-${n}:reserve`, async () => {
      // Cancellation is honoured between chapters, never inside one: seen as a chapter starts,
      // and remembered with its step, so a replay takes the same path.
      if (await isJobCancelled(jobId)) return { state: "cancelled" };
      try {
        return { state: await reserveChapterQuota(job.appId, campaignId, n) };
      } catch (error) {
        if (isQuotaExceeded(error)) return { state: "quota_exceeded", detail: error.detail };
        throw error;
      }
    });
    if (reserved.state === "authored") continue;
    if (reserved.state === "cancelled") return stop("cancelled", "cancelled by request");
    if (reserved.state === "quota_exceeded")
      return stop(
        `chapter-${n}:stopped`,
        `quota_exceeded: ${reserved.detail} Chapter ${n} was not authored; raise the cap or wait, then resume.`,
      );

    const next = spine[i + 1];
    try {
      const result = await generateWorldSteps(
        mode,
        caller,
        {
          worldId: entry.worldId,
          pov: DEFAULT_POV,
          subjectRef,
          baseUrl,
          chapter: {
            campaignId,
            index: n,
            bible,
            act: () => loadAct(campaignId, n, bible),
            ...(next ? { next: { campaignId, chapter: next.index, worldId: next.worldId } } : {}),
          },
        },
        { run: (id, work) => steps.run(`chapter-${n}:${id}`, work), inline: steps.inline },
        silentReporter,
      );
      await steps.run(`chapter-${n}:done`, () => recordChapter(jobId, campaignId, n, result.worldId, result.provider));
    } catch (error) {
      // A refusal (the gate, the author giving up) will not change on a retry.
      if (error instanceof ApiError && error.status < 500) return stop(`chapter-${n}:rejected`, `chapter ${n}: ${error.detail}`);
      throw error;
    }
  }
  await steps.run("complete", () => completeCampaign(jobId, campaignId));
  return { complete: true };
}
