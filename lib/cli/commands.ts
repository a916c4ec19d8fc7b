import { randomBytes } from "node:crypto";
import { z } from "zod";
import { createApp, ZAppName } from "@/lib/apps/apps";
import { findUserByEmail, signUp, ZEmail, ZPassword } from "@/lib/auth/users";
import { mintUserToken } from "@/lib/auth/session";
import { addChatCredit, chatPlayerOf, getChatStatus, listPlayers, MAX_CREDIT_CHANGE, setChatPlan, ZChatPlan } from "@/lib/chat";
import { getDb } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { createKey, listKeys, revokeKey } from "@/lib/keys/keys";
import { MODES } from "@/lib/shared/caller";
import { KEY_KINDS } from "@/lib/keys/key-string";
import { setQuotaCap, ZQuotaKind } from "@/lib/quota/quota";

/**
 * The CLI's commands as plain functions of parsed arguments. They run in whichever process owns
 * the database: the CLI itself, or the server that owns the embedded data folder
 * (app/api/internal/cli), so the two never open one PGlite folder at once.
 */
const ZBootstrap = z.object({ email: ZEmail, password: ZPassword.optional(), appName: ZAppName.optional() });
const ZQuotaSet = z.object({ app: z.uuid(), kind: ZQuotaKind, daily: z.coerce.number().int().min(0) });
const ZKeysCreate = z.object({
  app: z.uuid(),
  kind: z.enum(KEY_KINDS),
  mode: z.enum(MODES).optional(),
  name: z.string().max(100).optional(),
});
const ZKeysList = z.object({ app: z.uuid() });
const ZKeysRevoke = z.object({ app: z.uuid(), key: z.uuid() });
const ZAppsList = z.object({ email: ZEmail.optional() });
/** An end user of an app: the userRef its server puts in session tokens (or a session id, ses_…). */
const ZChatUser = z.string().trim().min(1).max(200);
// The app's players in one mode (live by default: test turns are never metered).
const ZChatWho = { app: z.uuid(), user: ZChatUser, mode: z.enum(MODES).default("live") };
const ZChatPlanSet = z.object({ ...ZChatWho, plan: ZChatPlan });
const ZChatCreditAdd = z.object({
  ...ZChatWho,
  seconds: z.coerce
    .number()
    .int()
    .min(-MAX_CREDIT_CHANGE)
    .max(MAX_CREDIT_CHANGE)
    .refine((n) => n !== 0, "must not be 0"),
});
const ZChatStatus = z.object(ZChatWho);
const ZChatPlayers = z.object({
  app: z.uuid(),
  mode: z.enum(MODES).default("live"),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  cursor: z.string().optional(),
});

/** What the owner's routes act as (GET/PATCH /v1/players, POST …/credit): the app's secret key in that mode. */
const ownerOf = (args: { app: string; mode: "live" | "test" }) => ({ appId: args.app, mode: args.mode, kind: "secret" as const });

async function bootstrap(args: z.infer<typeof ZBootstrap>) {
  const user =
    (await findUserByEmail(args.email)) ??
    // Without --password the account gets a random one: usable through the API, not the Studio.
    (await signUp({ email: args.email, password: args.password ?? randomBytes(24).toString("base64url") }));
  const app = await createApp(user.id, args.appName ?? "CLI app");
  const make = (kind: "secret" | "publishable", mode: "test" | "live") =>
    createKey(app.id, { kind, mode, name: `bootstrap ${kind} ${mode}` }).then((key) => key.secret);
  const [sk_test, pk_test, sk_live, pk_live] = await Promise.all([
    make("secret", "test"),
    make("publishable", "test"),
    make("secret", "live"),
    make("publishable", "live"),
  ]);
  return {
    userId: user.id,
    email: user.email,
    userToken: await mintUserToken(user),
    appId: app.id,
    keys: { sk_test, pk_test, sk_live, pk_live },
  };
}

async function assertApp(appId: string) {
  const db = await getDb();
  const app = await db.app.findUnique({ where: { id: appId } });
  if (!app) throw notFound("App");
  return app;
}

async function appsList(args: z.infer<typeof ZAppsList>) {
  const db = await getDb();
  const apps = await db.app.findMany({
    where: args.email ? { owner: { email: args.email } } : {},
    include: { owner: { select: { email: true } } },
    orderBy: { createdAt: "asc" },
  });
  return {
    apps: apps.map((app) => ({
      id: app.id,
      name: app.name,
      owner: app.owner.email,
      defaultMode: app.defaultMode,
      createdAt: app.createdAt.toISOString(),
    })),
  };
}

export const CLI_COMMANDS = {
  bootstrap: { schema: ZBootstrap, run: bootstrap },
  "quota set": {
    schema: ZQuotaSet,
    run: async (args: z.infer<typeof ZQuotaSet>) => {
      await assertApp(args.app);
      await setQuotaCap(args.app, args.kind, args.daily);
      return { appId: args.app, kind: args.kind, daily: args.daily };
    },
  },
  "keys create": {
    schema: ZKeysCreate,
    run: async (args: z.infer<typeof ZKeysCreate>) => {
      const app = await assertApp(args.app);
      // Without --mode, the app's default mode (as the API's create without `mode`).
      return createKey(args.app, { kind: args.kind, mode: args.mode ?? (app.defaultMode as "live" | "test"), name: args.name });
    },
  },
  "keys list": {
    schema: ZKeysList,
    run: async (args: z.infer<typeof ZKeysList>) => {
      await assertApp(args.app);
      return { keys: await listKeys(args.app) };
    },
  },
  "keys revoke": { schema: ZKeysRevoke, run: (args: z.infer<typeof ZKeysRevoke>) => revokeKey(args.app, args.key) },
  "apps list": { schema: ZAppsList, run: appsList },
  "chat plan set": {
    schema: ZChatPlanSet,
    run: async (args: z.infer<typeof ZChatPlanSet>) => {
      await assertApp(args.app);
      return setChatPlan(chatPlayerOf(ownerOf(args), args.user), args.plan);
    },
  },
  "chat credit add": {
    schema: ZChatCreditAdd,
    run: async (args: z.infer<typeof ZChatCreditAdd>) => {
      await assertApp(args.app);
      return addChatCredit(chatPlayerOf(ownerOf(args), args.user), args.seconds);
    },
  },
  "chat status": {
    schema: ZChatStatus,
    run: async (args: z.infer<typeof ZChatStatus>) => {
      await assertApp(args.app);
      return getChatStatus(chatPlayerOf(ownerOf(args), args.user));
    },
  },
  "chat players": {
    schema: ZChatPlayers,
    run: async (args: z.infer<typeof ZChatPlayers>) => {
      await assertApp(args.app);
      return listPlayers(ownerOf(args), { limit: args.limit, ...(args.cursor ? { cursor: args.cursor } : {}) });
    },
  },
} as const;

export type CliCommandName = keyof typeof CLI_COMMANDS;

export function isCliCommand(name: string): name is CliCommandName {
  return Object.hasOwn(CLI_COMMANDS, name);
}

/** Validates the arguments and runs the command in this process. */
export async function runCliCommand(name: CliCommandName, rawArgs: Record<string, unknown>): Promise<unknown> {
  const command = CLI_COMMANDS[name];
  const args = command.schema.parse(rawArgs);
  return (command.run as (a: typeof args) => Promise<unknown>)(args);
}
