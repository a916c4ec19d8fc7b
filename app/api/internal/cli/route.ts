import { z } from "zod";
import { runCliCommandForOwner } from "@/lib/cli/owner-endpoint";
import { internalRoute } from "@/lib/http/route";

/**
 * Where `npm run worlds` sends its command when this server owns the embedded database.
 * Authenticated by the CLI token kept in DATA_DIR/secrets.json (same machine, same user).
 */
export const POST = internalRoute({
  auth: "none",
  body: z.strictObject({ command: z.string(), args: z.record(z.string(), z.unknown()) }),
  handler: async ({ req, body }) => ({ result: await runCliCommandForOwner(req, body.command, body.args) }),
});
