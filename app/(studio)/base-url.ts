import { headers } from "next/headers";
import { publicBaseUrl } from "@/lib/http/base-url";

/** The origin the browser used, for the links and snippets a Studio page hands out (PUBLIC_URL wins, as in the API). */
export async function studioBaseUrl(): Promise<string> {
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") ?? (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return publicBaseUrl(new Request(`${proto}://${host}/`));
}
