import type { z } from "zod";
import { ZWorld, ZWorldInput, type World } from "./schema";
import { withWorldDefaults } from "./state-defaults";

/** Errors beyond this many are summarised in one line, so a hostile blob cannot flood a 422. */
export const MAX_ISSUE_MESSAGES = 100;

type Issue = z.core.$ZodIssue;

/** `["scene","events",3,"to"]` → `scene.events[3].to`, the path style every kernel message uses. */
export function formatPath(path: readonly PropertyKey[], prefix = ""): string {
  let out = prefix;
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else out += out === "" ? String(seg) : `.${String(seg)}`;
  }
  return out;
}

function describeIssue(issue: Issue): string {
  if (issue.code === "invalid_type" && issue.message.endsWith("received undefined")) {
    return `required (expected ${issue.expected})`;
  }
  return issue.message.replace(/^Invalid input: /, "");
}

/** Field-level messages (`path: problem`) for a 400/422 `errors` list. */
export function formatIssues(issues: readonly Issue[], prefix = ""): string[] {
  const out: string[] = [];
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) out.push(`${formatPath([...issue.path, key], prefix)}: unknown field`);
    } else {
      out.push(`${formatPath(issue.path, prefix) || "(root)"}: ${describeIssue(issue)}`);
    }
  }
  if (out.length > MAX_ISSUE_MESSAGES) {
    const more = out.length - MAX_ISSUE_MESSAGES;
    out.length = MAX_ISSUE_MESSAGES;
    out.push(`…and ${more} more`);
  }
  return out;
}

export type ParseWorldResult = { ok: true; world: World } | { ok: false; errors: string[] };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export interface ParseWorldOptions {
  /**
   * An import or `POST /v1/validate` (docs/api.md "Worlds"): every state field but `id` may be
   * omitted and reads as its add_state default. Off for a model's output, whose missing fields
   * are the model's to repair, not ours to invent.
   */
  stateDefaults?: boolean;
}

/**
 * Structural validation of an untrusted world (import, generation output). The result keeps
 * unknown properties. Graph rules are not checked here: run `validateWorld` on the result.
 */
export function parseWorld(input: unknown, options: ParseWorldOptions = {}): ParseWorldResult {
  const parsed = options.stateDefaults ? ZWorldInput.safeParse(input) : ZWorld.safeParse(input);
  const errors = parsed.success ? [] : formatIssues(parsed.error.issues);
  // zod's record drops a `__proto__` key silently; refuse it instead of losing a state.
  const scene = isRecord(input) ? input.scene : undefined;
  const states = isRecord(scene) ? scene.states : undefined;
  if (isRecord(states) && Object.prototype.hasOwnProperty.call(states, "__proto__")) {
    errors.push("scene.states.__proto__: reserved state id");
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, world: withWorldDefaults(parsed.data) };
}
