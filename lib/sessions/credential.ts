import { unauthorized } from "@/lib/errors";
import type { SessionClaims } from "./token";

/** A runtime session token that the route wrapper verified (genuine, unexpired), with its claims. */
export type SessionCredential = { type: "session" } & SessionClaims;

/** A session route's own check: the token must be scoped to this very world or character. */
export function assertSessionScope(auth: SessionCredential, kind: SessionClaims["kind"], id: string): void {
  if (auth.kind !== kind || auth.subjectId !== id) {
    throw unauthorized(`This session token is scoped to another ${auth.kind === kind ? kind : "resource"}; mint one for this ${kind}.`);
  }
}
