/**
 * An embedding origin as the API accepts it: http(s), host and optional port, no path, query or
 * credentials. Returns the normalized origin or an error message. The server checks again.
 */
export function parseOrigin(input: string): { origin: string } | { error: string } {
  const value = input.trim();
  if (!value) return { error: "Enter an origin such as https://example.com." };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: "Enter a full origin with its scheme, such as https://example.com." };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { error: "Only http:// and https:// origins can embed worlds." };
  if (url.origin !== value.replace(/\/$/, "")) {
    return { error: `Use the origin only: ${url.origin} (no path, query or fragment).` };
  }
  return { origin: url.origin };
}
