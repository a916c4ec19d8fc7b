import { getEnv } from "@/lib/config/env";

/** The public origin for links we hand out (assets, play links): PUBLIC_URL, else the request's. */
export function publicBaseUrl(req: Request): string {
  return (getEnv().PUBLIC_URL ?? new URL(req.url).origin).replace(/\/$/, "");
}
