import { BOOK_MAX, MAX_ACTS, MIN_ACTS, ZCampaignListQuery, ZCampaignParams, ZCreateCampaignBody } from "@/lib/campaigns/requests";
import { getEnv } from "@/lib/config/env";
import { operation, type BodyLimit } from "../operation";

/** The book (JSON-escaped, at worst 6 bytes a character) on top of the usual limit. */
const bookBodyLimit: BodyLimit = {
  bytes: () => getEnv().MAX_JSON_BODY_BYTES + BOOK_MAX * 6,
  text: `the server's \`MAX_JSON_BODY_BYTES\` and 6 bytes for each of the book's ${BOOK_MAX} characters`,
};
const ACTS = `${MIN_ACTS}..${MAX_ACTS}`;

const notFoundCampaign = { not_found: "no campaign with this id in the key's app and mode" } as const;

export const createCampaign = operation({
  method: "POST",
  path: "/v1/campaigns",
  tag: "Campaigns",
  operationId: "createCampaign",
  summary: "Create a campaign from a book",
  description: [
    `A book (\`text\`, at most ${BOOK_MAX} characters) becomes a campaign of ${ACTS} chapter worlds, authored in order by a durable job: segment → bible → story spine (\`target_acts\` guides the act count; \`fidelity: faithful\` hews to the book's events and settings, \`spirit\` keeps tone and premise and invents) → the protagonist reference (\`subject_ref\`, its \`image_b64\` hosted first; omitted, one is painted from the bible) → each chapter in turn, gate-clean, stamped with that \`subjectRef\`, its winning ending leading to the next chapter.`,
    "Always 202 `{jobId, campaignId}`: the campaign exists at once (GET /v1/campaigns/{id}); poll GET /v1/jobs/{jobId} for `actsDone`/`actsTotal`. No quota is reserved here: each chapter reserves one `generation` just before it is authored, so a daily-quota stop shows on the job (`failed`, `error` starting `quota_exceeded`) and the campaign (`partial`); resume it with POST /v1/campaigns/{id}/resume.",
    'With a test key: a deterministic mock campaign with one mock chapter, `jobId: "test_mock"`, no quota. `Idempotency-Key` (its own `campaign:` namespace) replays the first answer without starting a second campaign.',
  ].join("\n\n"),
  auth: "key",
  scope: "campaigns:write",
  idempotency: "campaign",
  body: ZCreateCampaignBody,
  bodyLimit: bookBodyLimit,
  responses: { 202: { description: "The campaign and its job.", schema: "CampaignStarted" } },
  errors: {
    invalid_request: `\`text\` missing, not a string, empty or whitespace, or over ${BOOK_MAX} characters; \`target_acts\` not an integer in ${ACTS}; an unknown \`fidelity\`; a \`data:\` URI as \`subject_ref.image_url\``,
    upstream_failed: "`subject_ref.image_b64` could not be hosted; nothing was created",
    unavailable: "the job could not be queued; nothing was created",
  },
});

export const listCampaigns = operation({
  method: "GET",
  path: "/v1/campaigns",
  tag: "Campaigns",
  operationId: "listCampaigns",
  summary: "List campaigns",
  description:
    "The campaigns of the key's app and mode, newest first, each with its chapters. Pass `nextCursor` back as `cursor` for the next page.",
  auth: "key",
  scope: "worlds:read",
  query: ZCampaignListQuery,
  responses: { 200: { description: "A page of campaigns.", schema: "CampaignList" } },
  errors: { invalid_request: "`limit` outside 1..100, or a `cursor` this API did not return" },
});

export const getCampaign = operation({
  method: "GET",
  path: "/v1/campaigns/{id}",
  tag: "Campaigns",
  operationId: "getCampaign",
  summary: "Retrieve a campaign",
  description:
    "Status (`authoring`, `complete`, `partial`, `failed`, `cancelled`), the spine's chapters in story order (a chapter not yet authored has `worldId: null`), `actsDone`/`actsTotal` and the `subjectRef` every chapter carries.",
  auth: "key",
  scope: "worlds:read",
  params: ZCampaignParams,
  responses: { 200: { description: "The campaign.", schema: "CampaignBody" } },
  errors: notFoundCampaign,
});

export const resumeCampaign = operation({
  method: "POST",
  path: "/v1/campaigns/{id}/resume",
  tag: "Campaigns",
  operationId: "resumeCampaign",
  summary: "Resume a partial or failed campaign",
  description:
    "A new job goes on from the first unauthored chapter; chapters already authored are neither authored nor charged again. 202 `{jobId, campaignId}`.",
  auth: "key",
  scope: "campaigns:write",
  idempotency: "campaign-resume",
  params: ZCampaignParams,
  bodyOptional: true,
  responses: { 202: { description: "The campaign and its new job.", schema: "CampaignStarted" } },
  errors: {
    ...notFoundCampaign,
    conflict: "the campaign is authoring, complete or cancelled",
    unavailable: "the job could not be queued; nothing changed",
  },
});

/** In the order of the document. */
export const CAMPAIGNS = [createCampaign, listCampaigns, getCampaign, resumeCampaign];
