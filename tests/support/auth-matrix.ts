/**
 * The credential matrix (issue 19): for every operation and ten credentials, the status
 * CONTRACT.md gives. One table, two readers: tests/auth-matrix.test.ts sends every cell over HTTP
 * and expects exactly this status, and scripts/gen-auth-matrix.ts prints it as
 * docs/auth-matrix.md (the test fails when that file is stale).
 *
 * The rules (CONTRACT.md "Credentials", "General"): a missing, malformed, unknown, revoked or
 * expired credential is 401, and so is a credential of the wrong kind (a key on a user route, a
 * user or session token on a key route, a wrongly scoped session token); a publishable key may
 * only read (403 on writes); another app's or the other mode's secret reaches only its own
 * resources, so a request that names one of the caller's is 404, and one that names none
 * succeeds for that app and mode; another user's session likewise on /v1/apps*.
 */
import type { Operation } from "@/lib/openapi/operation";
import { OPERATIONS } from "@/lib/openapi/operations";

export const CREDENTIALS = [
  { id: "none", label: "none", what: "no `Authorization` header" },
  { id: "garbage", label: "garbage", what: "`Bearer not-a-credential`" },
  { id: "revoked", label: "revoked key", what: "a secret test key of the caller's app, revoked" },
  {
    id: "expired",
    label: "expired session",
    what: "a session token for the request's world (or, elsewhere, a world of the caller's), expired",
  },
  { id: "publishable", label: "publishable", what: "the caller's `pk_test_` key" },
  { id: "otherApp", label: "other app's secret", what: "`sk_test_` of another user's app" },
  { id: "otherMode", label: "other mode's secret", what: "the caller's `sk_live_` key (the fixtures live in test mode)" },
  { id: "user", label: "user token", what: "the caller's Studio session as a bearer" },
  { id: "otherUser", label: "other user's token", what: "another user's Studio session as a bearer" },
  { id: "otherWorld", label: "session, other world", what: "a session token of the caller's app and mode for another of its worlds" },
] as const;

export type CredentialId = (typeof CREDENTIALS)[number]["id"];

interface Entitlement {
  /** What the entitled credential gets (sk_test_ of the caller's app, its user, or its session token). */
  status: number;
  /** The request names a resource of the caller's app and mode (path or body). */
  owned: boolean;
  /** Cells the rules do not decide, with why. */
  cells?: Partial<Record<CredentialId, { status: number; why: string }>>;
}

const PLAYERS_SECRET = "a read, but players' chat time is the owner's business: secret keys only (the operation's description)";
const TEST_MOCK_JOB = '`test_mock` is the mock job of every test key (CONTRACT.md "Campaigns"), so another app\'s test key reads it too';

/** Per operation: the entitled answer of the fixture's request (tests/support/operation-fixtures.ts). */
export const ENTITLED: Record<string, Entitlement> = {
  createWorld: { status: 201, owned: false },
  listWorlds: { status: 200, owned: false },
  getWorld: { status: 200, owned: true },
  updateWorld: { status: 200, owned: true },
  deleteWorld: { status: 200, owned: true },
  forkWorld: { status: 201, owned: true },
  createCampaign: { status: 202, owned: false },
  listCampaigns: { status: 200, owned: false },
  getCampaign: { status: 200, owned: true },
  // The test key's mock campaign is complete at once: a resume is a 409 (CONTRACT.md "Campaigns").
  resumeCampaign: { status: 409, owned: true },
  getWorldScene: { status: 200, owned: true },
  listWorldStates: { status: 200, owned: true },
  listWorldEvents: { status: 200, owned: true },
  lintWorld: { status: 200, owned: true },
  addWorldEvent: { status: 200, owned: true },
  applyWorldOps: { status: 200, owned: true },
  editWorld: { status: 200, owned: true },
  listWorldPlaytests: { status: 200, owned: true },
  createWorldPlaytest: { status: 201, owned: true },
  deleteWorldPlaytest: { status: 200, owned: true },
  createWorldDataset: { status: 202, owned: true },
  getWorldDataset: { status: 200, owned: true },
  listWorldVersions: { status: 200, owned: true },
  createWorldVersion: { status: 201, owned: true },
  getWorldVersion: { status: 200, owned: true },
  renameWorldVersion: { status: 200, owned: true },
  pruneWorldVersion: { status: 200, owned: true },
  restoreWorldVersion: { status: 200, owned: true },
  validateWorld: { status: 200, owned: false },
  getUsage: { status: 200, owned: false },
  getUsageHistory: { status: 200, owned: false },
  createSessionToken: { status: 200, owned: true },
  getRuntimeWorld: {
    status: 200,
    owned: true,
    cells: {
      otherWorld: { status: 200, why: "the route names no world: the token is the world, so a token for another world reads that world" },
    },
  },
  getPublicRuntimeWorld: { status: 200, owned: false },
  listExplore: { status: 200, owned: false },
  createPlayerId: { status: 201, owned: false },
  likeWorld: { status: 200, owned: false },
  unlikeWorld: { status: 200, owned: false },
  lookupLikes: { status: 200, owned: false },
  sendHeartbeat: { status: 200, owned: true },
  createSpeech: { status: 200, owned: false },
  createCharacter: { status: 201, owned: false },
  getCharacter: { status: 200, owned: true },
  updateCharacter: { status: 200, owned: true },
  sayToCharacter: { status: 200, owned: true },
  getCharacterTranscript: {
    status: 200,
    owned: true,
    cells: {
      publishable: { status: 403, why: "a read, but transcripts hold what players said: secret keys only (the operation's description)" },
    },
  },
  // A player is the developer's userRef: another app or mode has its own (empty) account of the same name.
  listPlayers: { status: 200, owned: false, cells: { publishable: { status: 403, why: PLAYERS_SECRET } } },
  getPlayer: { status: 200, owned: false, cells: { publishable: { status: 403, why: PLAYERS_SECRET } } },
  updatePlayer: { status: 200, owned: false },
  addPlayerCredit: { status: 200, owned: false },
  paintSeedFrame: { status: 200, owned: false },
  paintScene: { status: 200, owned: true },
  groundVision: { status: 200, owned: false },
  describeVision: { status: 200, owned: false },
  checkVision: { status: 200, owned: false },
  getJob: { status: 200, owned: true, cells: { otherApp: { status: 200, why: TEST_MOCK_JOB } } },
  // The mock job has succeeded already: a cancel is a 409 (CONTRACT.md "Jobs").
  cancelJob: { status: 409, owned: true, cells: { otherApp: { status: 409, why: TEST_MOCK_JOB } } },
  createScenarioBatch: { status: 202, owned: true },
  listScenarioBatches: { status: 200, owned: false },
  getScenarioBatch: { status: 200, owned: true },
  cancelScenarioBatch: { status: 200, owned: true },
  acceptScenarioClip: { status: 200, owned: true },
  rejectScenarioClip: { status: 200, owned: true },
  listApps: { status: 200, owned: false },
  createApp: { status: 201, owned: false },
  getApp: { status: 200, owned: true },
  updateApp: { status: 200, owned: true },
  listKeys: { status: 200, owned: true },
  createKey: { status: 201, owned: true },
  revokeKey: { status: 200, owned: true },
  createWebhookEndpoint: { status: 201, owned: true },
  listWebhookEndpoints: { status: 200, owned: true },
  updateWebhookEndpoint: { status: 200, owned: true },
  deleteWebhookEndpoint: { status: 200, owned: true },
  deleteWebhookEndpointViaPost: { status: 200, owned: true },
  listWebhookDeliveries: { status: 200, owned: true },
  sendWebhookTestEvent: { status: 202, owned: true },
  resendWebhookDelivery: { status: 202, owned: true },
  getOpenApiDocument: { status: 200, owned: false },
};

/** The status CONTRACT.md gives for `op` called with credential `id`, and the rule that says so. */
export function expectedCell(op: Operation, id: CredentialId): { status: number; why?: string } {
  const entitled = ENTITLED[op.operationId];
  if (!entitled) throw new Error(`tests/support/auth-matrix.ts: no entitlement for ${op.operationId}`);
  const special = entitled.cells?.[id];
  if (special) return special;
  const reach = (): number => (entitled.owned ? 404 : entitled.status);
  switch (op.auth) {
    case "none":
      return { status: entitled.status };
    case "user":
      if (id === "user") return { status: entitled.status };
      if (id === "otherUser") return { status: reach() };
      return { status: 401 };
    case "session":
      return { status: 401 };
    case "key":
    case "keyOrSession":
      if (id === "publishable") return { status: op.method === "GET" && op.auth === "key" ? entitled.status : 403 };
      if (id === "otherApp" || id === "otherMode") return { status: reach() };
      return { status: 401 };
  }
}

export const AUTH_MATRIX_DOC = "docs/auth-matrix.md";

const AUTH_NAMES: Record<Operation["auth"], string> = {
  key: "API key",
  user: "user",
  session: "session",
  keyOrSession: "key or session",
  none: "none",
};

export function renderAuthMatrixDoc(): string {
  const lines = [
    "# Credential matrix",
    "",
    "<!-- Generated from tests/support/auth-matrix.ts by `npm run docs:gen`; tests/auth-matrix.test.ts fails when this file is stale. -->",
    "",
    "What every operation answers to each kind of credential, as CONTRACT.md's rules give it and as",
    "`tests/auth-matrix.test.ts` checks over HTTP, one request per cell. Each request is otherwise the",
    "valid one of `tests/support/operation-fixtures.ts` (resources of the caller's app in test mode).",
    "The first status column is the entitled credential (the caller's `sk_test_` key, its user",
    "session on `/v1/apps*`, its session token on runtime routes, nothing on public routes).",
    "",
    "Rules: a missing, malformed, unknown, revoked or expired credential is 401, and so is one of the",
    "wrong kind (an API key on `/v1/apps*`, a user or session token on a key route, a session token",
    "scoped to another world or character). A publishable key only reads: 403 on every write.",
    "Another app's or the other mode's secret reaches only its own resources: 404 when the request",
    "names one of the caller's (never 403, so existence does not leak), its own success otherwise.",
    "Another user's session, likewise, on `/v1/apps*`. Public routes ignore credentials.",
    "",
    "Credentials:",
    "",
    ...CREDENTIALS.map((c) => `- **${c.label}**: ${c.what}.`),
    "",
    `| operation | auth | entitled | ${CREDENTIALS.map((c) => c.label).join(" | ")} |`,
    `|---|---|---|${CREDENTIALS.map(() => "---").join("|")}|`,
  ];
  const notes: string[] = [];
  for (const op of OPERATIONS) {
    const cells = CREDENTIALS.map((c) => {
      const cell = expectedCell(op, c.id);
      if (!cell.why) return String(cell.status);
      notes.push(`${cell.status} for \`${op.operationId}\` with ${c.label}: ${cell.why}.`);
      return `${cell.status}[^${notes.length}]`;
    });
    lines.push(`| \`${op.method} ${op.path}\` | ${AUTH_NAMES[op.auth]} | ${ENTITLED[op.operationId]!.status} | ${cells.join(" | ")} |`);
  }
  lines.push("", ...notes.map((note, i) => `[^${i + 1}]: ${note}`), "");
  return lines.join("\n");
}
