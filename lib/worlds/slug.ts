import { randomBytes } from "node:crypto";

/** `the-drowned-lighthouse-k3x9q2`: readable, and unique enough that a collision is a retry. */
export function makeSlug(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  const suffix = randomBytes(5).toString("hex").slice(0, 6);
  return `${words || "world"}-${suffix}`;
}
