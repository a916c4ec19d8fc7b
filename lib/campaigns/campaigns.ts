import { randomUUID } from "node:crypto";
import { getProvider } from "@/lib/ai";
import { hostBase64Image } from "@/lib/assets/assets";
import { getDb, Prisma } from "@/lib/db";
import { ApiError, notFound } from "@/lib/errors";
import { createKindJob, deleteJob, TEST_MOCK_JOB_ID } from "@/lib/generation/jobs";
import { generateWorldSteps, inlineSteps, silentReporter } from "@/lib/generation/pipeline";
import { DEFAULT_POV } from "@/lib/generation/create-world";
import { sendOrUndo } from "@/lib/jobs/send";
import type { Caller } from "@/lib/shared/caller";
import { newWorldId } from "@/lib/worlds/worlds";
import { encodeCursor, olderThan, pageOf } from "@/lib/paging";
import { readCampaignCached } from "./campaign-cache";
import { campaignAuthoringRequested } from "./events";
import { paintReference, type SubjectRef } from "./reference";
import type { CreateCampaignBody } from "./requests";
import type { CampaignWithChapters } from "./serialize";
import { actForAuthor, actSummary, actTitle } from "./spine";

/** What the resource reads: never the book (up to BOOK_MAX characters) nor the chapters' text. */
const RESOURCE = { omit: { text: true, bible: true }, include: { chapters: { orderBy: { index: "asc" }, omit: { text: true } } } } as const;

/** What POST /v1/campaigns and resume answer: always 202. */
export interface CampaignStarted {
  status: 202;
  body: { jobId: string; campaignId: string; mock?: true };
}

/** The caller's campaign as stored now (for a write's decisions). */
async function readCampaignOrThrow(caller: Caller, id: string): Promise<CampaignWithChapters> {
  const db = await getDb();
  const campaign = await db.campaign.findFirst({ where: { id, appId: caller.appId, mode: caller.mode }, ...RESOURCE });
  if (!campaign) throw notFound("Campaign");
  return campaign;
}

/** GET /v1/campaigns/{id}: the caller's campaign, from memory while the change feed vouches for it (campaign-cache.ts). */
export async function getCampaignOrThrow(caller: Caller, id: string): Promise<CampaignWithChapters> {
  const campaign = await readCampaignCached(id, async () => (await getDb()).campaign.findUnique({ where: { id }, ...RESOURCE }));
  if (!campaign || campaign.appId !== caller.appId || campaign.mode !== caller.mode) throw notFound("Campaign");
  return campaign;
}

export async function listCampaigns(caller: Caller, limit: number, cursor?: string) {
  const db = await getDb();
  const rows = await db.campaign.findMany({
    where: {
      appId: caller.appId,
      mode: caller.mode,
      ...olderThan(cursor),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    ...RESOURCE,
  });
  const { page, nextCursor } = pageOf(rows, limit, encodeCursor);
  return { rows: page, nextCursor };
}

/** `subject_ref` as the job carries it: an uploaded image hosted first (docs/api.md "Campaigns"). */
async function hostedSubjectRef(body: CreateCampaignBody, baseUrl: string): Promise<SubjectRef | undefined> {
  const ref = body.subject_ref;
  if (!ref) return undefined;
  const imageUrl = ref.image_url ?? (await hostBase64Image(ref.image_b64!, baseUrl, "subject_ref.image_b64")).url;
  return { imageUrl, ...(ref.descriptor !== undefined ? { descriptor: ref.descriptor } : {}) };
}

/**
 * A test key's campaign (docs/api.md "Campaigns"): deterministic, no quota, no job. The container and its one mock
 * chapter are stored at once, so the campaign and the chapter world can be read back.
 */
async function createMockCampaign(caller: Caller, body: CreateCampaignBody, baseUrl: string): Promise<CampaignStarted> {
  const provider = getProvider("test");
  const [first] = await provider.segmentBook(body.text, { maxChapters: 1 });
  const bible = await provider.writeBible(body.text);
  const act = { index: 1, title: actTitle(first!, 1), summary: actSummary(first!), text: first!.text };
  const subjectRef = (await hostedSubjectRef(body, baseUrl)) ?? (await paintReference("test", bible, baseUrl));
  const campaignId = randomUUID();
  const worldId = newWorldId();
  const db = await getDb();
  await db.campaign.create({
    data: {
      id: campaignId,
      appId: caller.appId,
      mode: caller.mode,
      name: body.name ?? bible.title,
      status: "authoring",
      fidelity: body.fidelity ?? "faithful",
      targetActs: body.target_acts ?? null,
      text: body.text,
      subjectRef: subjectRef as unknown as Prisma.InputJsonObject,
      bible: bible as unknown as Prisma.InputJsonObject,
      jobId: TEST_MOCK_JOB_ID,
      chapters: { create: { index: 1, title: act.title, summary: act.summary, text: act.text, worldId } },
    },
  });
  try {
    const chapter = { campaignId, index: 1, bible, act: actForAuthor(act, bible, body.fidelity ?? "faithful") };
    await generateWorldSteps("test", caller, { worldId, pov: DEFAULT_POV, subjectRef, baseUrl, chapter }, inlineSteps, silentReporter);
  } catch (error) {
    await db.campaign.delete({ where: { id: campaignId } }); // a failed request leaves nothing
    throw error;
  }
  await db.$transaction([
    db.campaignChapter.update({
      where: { campaignId_index: { campaignId, index: 1 } },
      data: { status: "authored", authoredAt: new Date() },
    }),
    db.campaign.update({ where: { id: campaignId }, data: { status: "complete" } }),
  ]);
  return { status: 202, body: { jobId: TEST_MOCK_JOB_ID, campaignId, mock: true } };
}

/** Queues the authoring job of a campaign; if it cannot be queued, `undo` runs and the request fails with 503. */
function queue(jobId: string, undo: () => Promise<unknown>): Promise<void> {
  return sendOrUndo(campaignAuthoringRequested.create({ jobId }), { what: "The campaign", undo, undone: "nothing was started" });
}

/** POST /v1/campaigns: the container and its job at once, no quota (each chapter reserves its own); 202. */
export async function createCampaign(caller: Caller, body: CreateCampaignBody, baseUrl: string): Promise<CampaignStarted> {
  if (caller.mode === "test") return createMockCampaign(caller, body, baseUrl);
  const subjectRef = await hostedSubjectRef(body, baseUrl);
  const campaignId = randomUUID();
  const jobId = randomUUID();
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await tx.campaign.create({
      data: {
        id: campaignId,
        appId: caller.appId,
        mode: caller.mode,
        name: body.name ?? "",
        fidelity: body.fidelity ?? "faithful",
        targetActs: body.target_acts ?? null,
        text: body.text,
        ...(subjectRef ? { subjectRef: subjectRef as unknown as Prisma.InputJsonObject } : {}),
        jobId,
      },
    });
    await createKindJob(tx, caller, { id: jobId, kind: "from_book", campaignId, actsDone: 0, phase: null, input: { campaignId, baseUrl } });
  });
  await queue(jobId, () =>
    db.$transaction(async (tx) => {
      await deleteJob(tx, jobId);
      await tx.campaign.deleteMany({ where: { id: campaignId } });
    }),
  );
  return { status: 202, body: { jobId, campaignId } };
}

/**
 * POST /v1/campaigns/{id}/resume: a `partial` or `failed` campaign goes on from its first
 * unauthored chapter under a new job; authored chapters are neither authored nor charged again.
 * The status flip is one conditional update, so two resumes never start two jobs.
 */
export async function resumeCampaign(caller: Caller, id: string, baseUrl: string): Promise<CampaignStarted> {
  const campaign = await readCampaignOrThrow(caller, id);
  const db = await getDb();
  const jobId = randomUUID();
  const { count } = await db.campaign.updateMany({
    where: { id, status: { in: ["partial", "failed"] } },
    data: { status: "authoring", jobId },
  });
  if (count === 0) {
    const now = await readCampaignOrThrow(caller, id);
    throw new ApiError("conflict", `The campaign is ${now.status}; only a partial or failed campaign can be resumed.`);
  }
  const authored = campaign.chapters.filter((c) => c.status === "authored");
  await createKindJob(db, caller, {
    id: jobId,
    kind: "from_book",
    campaignId: id,
    actsDone: authored.length,
    actsTotal: campaign.chapters.length > 0 ? campaign.chapters.length : null,
    worldId: authored[0]?.worldId ?? null,
    phase: null,
    input: { campaignId: id, baseUrl },
  });
  await queue(jobId, () =>
    db.$transaction(async (tx) => {
      await deleteJob(tx, jobId);
      await tx.campaign.updateMany({ where: { id, jobId }, data: { status: campaign.status, jobId: campaign.jobId } });
    }),
  );
  return { status: 202, body: { jobId, campaignId: id, ...(caller.mode === "test" ? { mock: true as const } : {}) } };
}
