import type { z } from "zod";

/** Zod issues as the `errors` strings of the error body: `field.path: message`. */
export function formatZodIssues(error: z.ZodError, root?: string): string[] {
  return error.issues.flatMap((issue) => {
    const at = [root, ...issue.path.map(String)].filter(Boolean).join(".");
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => `${at ? `${at}.` : ""}${key}: unknown field`);
    }
    return [`${at || "(body)"}: ${issue.message}`];
  });
}
