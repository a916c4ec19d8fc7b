/**
 * The operator's CLI: `npm run worlds -- <command> [options]`. Works with or without a running
 * server, on the embedded database and on PostgreSQL; see `--help`.
 */
import { parseArgs } from "node:util";
import { getEnv } from "@/lib/config/env";
import { getSecrets } from "@/lib/config/secrets";
import { closeDb } from "@/lib/db";
import { readDataDirOwner, type DataDirOwner } from "@/lib/db/data-dir-lock";
import { CLI_COMMANDS, isCliCommand, runCliCommand, type CliCommandName } from "@/lib/cli/commands";
import { runSimCli, SimCliError, SIM_HELP } from "@/lib/sim/cli";

const HELP = `Programmable Worlds CLI

Usage: npm run worlds -- <command> [options]

Commands:
  bootstrap --email E [--password P] [--app-name N] [--json]
      Create the user if needed, a new app with four keys (sk_test, pk_test, sk_live, pk_live)
      and a user session token. With --json prints exactly one JSON line:
      {"userId","email","userToken","appId","keys":{"sk_test","pk_test","sk_live","pk_live"}}
  quota set --app ID --kind KIND --daily N
      Set an app's daily cap for one quota kind (generation, seed_frame, say, tts,
      vision_ground, vision_describe, vision_check, edit).
  keys create --app ID --kind secret|publishable [--mode test|live] [--name N]
  keys list --app ID
  keys revoke --app ID --key KEY_ID
  apps list [--email E]
  chat plan set --app ID --user PLAYER --plan free|plus [--mode live|test]
      Put a player (the userRef of their session tokens, or an anonymous player id ply_…) on a
      chat plan: free (the 3-minute taste, then credit) or plus (2 hours of chat a month, then
      credit). The same as PATCH /v1/players/{player} with the app's secret key (default live).
  chat credit add --app ID --user PLAYER --seconds N [--mode live|test]
      Add N seconds of chat credit (negative N removes some; the balance never goes below 0).
  chat status --app ID --user PLAYER [--mode live|test]
      The player's plan, this month's chat time and what is left (free taste, Plus, credit).
  chat players --app ID [--mode live|test] [--limit N] [--cursor C]
      The app's players with a chat account, in the order of their ids.
${SIM_HELP}

Options:
  --json    one JSON line on stdout (default: indented JSON)
  --help    this text

With DATABASE_URL set the CLI uses PostgreSQL directly. On the embedded database, when a
server owns DATA_DIR the command runs inside that server; otherwise the CLI opens it itself.`;

const OPTIONS = {
  email: { type: "string" },
  password: { type: "string" },
  "app-name": { type: "string" },
  app: { type: "string" },
  kind: { type: "string" },
  daily: { type: "string" },
  mode: { type: "string" },
  name: { type: "string" },
  key: { type: "string" },
  user: { type: "string" },
  plan: { type: "string" },
  seconds: { type: "string" },
  limit: { type: "string" },
  cursor: { type: "string" },
  json: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

class CliError extends Error {}

async function runThroughOwner(owner: DataDirOwner & { url: string }, command: CliCommandName, args: Record<string, unknown>) {
  const response = await fetch(`${owner.url}/api/internal/cli`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${getSecrets().cliToken}` },
    body: JSON.stringify({ command, args }),
  }).catch((error: unknown) => {
    throw new CliError(`The server that owns ${getEnv().dataDir} (pid ${owner.pid}) did not answer at ${owner.url}: ${String(error)}`);
  });
  const body = (await response.json().catch(() => ({}))) as { result?: unknown; detail?: string; errors?: string[] };
  if (!response.ok) throw new CliError([body.detail ?? `HTTP ${response.status}`, ...(body.errors ?? [])].join("\n  "));
  return body.result;
}

async function waitForOwner(): Promise<DataDirOwner | null> {
  const dataDir = getEnv().dataDir;
  for (let waited = 0; ; waited += 200) {
    const owner = readDataDirOwner(dataDir);
    // Another CLI run holds the folder only for a moment; a server holds it for good.
    if (!owner || owner.url || waited >= 15_000) return owner;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function execute(command: CliCommandName, args: Record<string, unknown>): Promise<unknown> {
  if (!getEnv().DATABASE_URL) {
    const owner = await waitForOwner();
    if (owner?.url) return runThroughOwner({ ...owner, url: owner.url }, command, args);
    if (owner) throw new CliError(`DATA_DIR is busy (pid ${owner.pid}); try again when it finishes.`);
  }
  try {
    return await runCliCommand(command, args);
  } finally {
    await closeDb();
  }
}

async function main(): Promise<number> {
  // The simulator needs no database: its commands take their own options.
  if (process.argv[2] === "sim") {
    try {
      return await runSimCli(process.argv.slice(3));
    } catch (error) {
      if (error instanceof SimCliError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
        console.error((error as Error).message);
        return 2;
      }
      throw error;
    }
  }
  let parsedArgs;
  try {
    parsedArgs = parseArgs({ args: process.argv.slice(2), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\nSee --help. (Negative numbers go as --daily=-1.)`);
    return 2;
  }
  const { values, positionals } = parsedArgs;
  const command = positionals.join(" ");
  if (values.help || !command) {
    console.log(HELP);
    return values.help ? 0 : 2;
  }
  if (!isCliCommand(command)) {
    console.error(`Unknown command "${command}". Commands: ${Object.keys(CLI_COMMANDS).join(", ")}. See --help.`);
    return 2;
  }
  const args = Object.fromEntries(
    Object.entries({
      email: values.email,
      password: values.password,
      appName: values["app-name"],
      app: values.app,
      kind: values.kind,
      daily: values.daily,
      mode: values.mode,
      name: values.name,
      key: values.key,
      user: values.user,
      plan: values.plan,
      seconds: values.seconds,
      limit: values.limit,
      cursor: values.cursor,
    }).filter(([, value]) => value !== undefined),
  );
  const parsed = CLI_COMMANDS[command].schema.safeParse(args);
  if (!parsed.success) {
    console.error(
      `Invalid options for ${command}:\n${parsed.error.issues.map((i) => `  --${String(i.path[0])}: ${i.message}`).join("\n")}`,
    );
    return 2;
  }
  const result = await execute(command, args);
  console.log(values.json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
  return 0;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof CliError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
