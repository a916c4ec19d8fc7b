/**
 * A same-site place to return to after signing in. Relative paths pass; an absolute URL passes
 * only on `sameOrigin` (next-auth sends absolute callback URLs). Anything else falls back.
 */
export function safeCallbackUrl(
  value: string | string[] | undefined,
  { fallback = "/creations", sameOrigin }: { fallback?: string; sameOrigin?: string } = {},
): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (!candidate) return fallback;
  try {
    const base = sameOrigin ?? "http://local.invalid";
    const url = new URL(candidate, base);
    const relative = candidate.startsWith("/") && !candidate.startsWith("//") && !candidate.startsWith("/\\");
    if (url.origin !== base || !(relative || (sameOrigin && candidate.startsWith(sameOrigin)))) return fallback;
    if (url.pathname === "/sign-in" || url.pathname === "/sign-up") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
