import { TtlCache } from "@/lib/cache/ttl-cache";
import { getDb } from "@/lib/db";

/**
 * Cross-origin access to the runtime routes and framing of the embed page (docs/runtime.md
 * "CORS and frame-ancestors"). Both follow the app's `embedOrigins` (PATCH /v1/apps/{id}):
 * a runtime response carries `Access-Control-Allow-Origin: <Origin>` only when the request's
 * Origin is one of them, and other origins get no CORS headers at all. Session tokens are
 * bearer credentials, never cookies, so no `Access-Control-Allow-Credentials`.
 */
const ORIGINS_TTL_MS = 5_000;
const originsByApp = new TtlCache<string, readonly string[]>(10_000);
const anyAppAllows = new TtlCache<string, boolean>(10_000);

export const CORS_ALLOW_HEADERS = "authorization, content-type, idempotency-key, if-none-match";
export const CORS_EXPOSE_HEADERS = "etag, x-request-id, retry-after, idempotent-replayed";
export const CORS_MAX_AGE_SECONDS = 600;

/** The app's embedding origins (cached for a few seconds; unknown app: none). */
export async function embedOriginsOf(appId: string): Promise<readonly string[]> {
  const hit = originsByApp.get(appId);
  if (hit) return hit;
  const db = await getDb();
  const app = await db.app.findUnique({ where: { id: appId }, select: { embedOrigins: true } });
  const origins = app?.embedOrigins ?? [];
  originsByApp.set(appId, origins, ORIGINS_TTL_MS);
  return origins;
}

/** Drops cached origins (tests, or after this process changed an app). */
export function forgetEmbedOrigins(appId?: string): void {
  if (appId) originsByApp.delete(appId);
  else originsByApp.clear();
  anyAppAllows.clear();
}

/** Response headers of a runtime route: `Vary: Origin`, plus CORS for an allowed Origin. */
export async function corsHeaders(req: Request, appId: string | undefined): Promise<Record<string, string>> {
  const origin = req.headers.get("origin");
  const headers: Record<string, string> = { vary: "Origin" };
  if (!origin || !appId) return headers;
  if (!(await embedOriginsOf(appId)).includes(origin)) return headers;
  return { ...headers, "access-control-allow-origin": origin, "access-control-expose-headers": CORS_EXPOSE_HEADERS };
}

/**
 * The CSP `frame-ancestors` source list of an app's embed page: this server itself and the
 * app's embedding origins, e.g. `'self' https://game.example https://www.game.example`.
 */
export async function frameAncestorsFor(appId: string): Promise<string> {
  return ["'self'", ...(await embedOriginsOf(appId))].join(" ");
}

/** The whole header value: `frame-ancestors 'self' https://…`. */
export async function embedCspFor(appId: string): Promise<string> {
  return `frame-ancestors ${await frameAncestorsFor(appId)}`;
}

async function isAnyAppsOrigin(origin: string): Promise<boolean> {
  const hit = anyAppAllows.get(origin);
  if (hit !== undefined) return hit;
  const db = await getDb();
  const found = (await db.app.findFirst({ where: { embedOrigins: { has: origin } }, select: { id: true } })) !== null;
  anyAppAllows.set(origin, found, ORIGINS_TTL_MS);
  return found;
}

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

/**
 * The OPTIONS handler of a runtime route: a CORS preflight carries no credential, so the app is
 * found from the path (`appIdOf`, e.g. the character of /v1/characters/{id}/say) when the path
 * names one, else the Origin must be an embedding origin of some app; the actual response then
 * applies its own app's list. A refused origin gets a 204 without CORS headers.
 */
export function preflight(methods: string[], appIdOf?: (params: Record<string, string | string[] | undefined>) => Promise<string | null>) {
  return async function OPTIONS(req: Request, context: NextContext): Promise<Response> {
    const origin = req.headers.get("origin");
    const headers = new Headers({ vary: "Origin", allow: [...methods, "OPTIONS"].join(", ") });
    let allowed = false;
    try {
      if (origin) {
        const appId = appIdOf ? await appIdOf(await context.params) : undefined;
        allowed = appIdOf
          ? appId !== null && appId !== undefined && (await embedOriginsOf(appId)).includes(origin)
          : await isAnyAppsOrigin(origin);
      }
    } catch {
      allowed = false;
    }
    if (allowed && origin) {
      headers.set("access-control-allow-origin", origin);
      headers.set("access-control-allow-methods", [...methods, "OPTIONS"].join(", "));
      headers.set("access-control-allow-headers", CORS_ALLOW_HEADERS);
      headers.set("access-control-max-age", String(CORS_MAX_AGE_SECONDS));
    }
    return new Response(null, { status: 204, headers });
  };
}

/** The app of a character (or world) id in a path, for `preflight`. */
export async function appIdOfWorld(params: Record<string, string | string[] | undefined>): Promise<string | null> {
  const id = params.id;
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const db = await getDb();
  return (await db.world.findUnique({ where: { id }, select: { appId: true } }))?.appId ?? null;
}
