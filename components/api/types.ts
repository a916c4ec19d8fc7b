/** Shapes of the /v1 management API as the Studio reads them (see docs/api.md). */

export type Mode = "test" | "live";
export type KeyKind = "secret" | "publishable";

export interface App {
  id: string;
  name: string;
  defaultMode: Mode;
  embedOrigins: string[];
  createdAt: string;
  updatedAt: string;
}

export interface ApiKey {
  id: string;
  prefix: string;
  last4: string;
  kind: KeyKind;
  mode: Mode;
  scopes: string[];
  name: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A key as POST returns it: the only response that ever carries the full secret. */
export interface CreatedApiKey extends ApiKey {
  secret: string;
}

export interface UpdateAppInput {
  name?: string;
  defaultMode?: Mode;
  embedOrigins?: string[];
}

export interface CreateKeyInput {
  kind: KeyKind;
  mode: Mode;
  name?: string;
}
