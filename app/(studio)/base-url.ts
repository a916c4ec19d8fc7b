import { headers } from "next/headers";
import { publicBaseUrl } from "@/lib/http/base-url";

/** The base of the links and snippets a Studio page hands out: the API's one function (PUBLIC_URL, else the host the browser used). */
export async function studioBaseUrl(): Promise<string> {
  return publicBaseUrl({ headers: await headers() });
}
