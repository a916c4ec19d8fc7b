// The props of the API reference view: plain, serializable data built by lib/openapi/reference.

/** A piece of a type as shown, e.g. `Diagnostic` (a link to that schema) then `[]`. */
export interface TypeToken {
  text: string;
  schema?: string;
}

export interface ReferenceField {
  name: string;
  type: TypeToken[];
  required: boolean;
  description?: string;
  /** Constraints and defaults: "1–200 characters", "default 20", "uuid". */
  notes: string[];
  /** Members of an inline object (or of an array's inline items). */
  fields?: ReferenceField[];
}

export interface ReferenceResponse {
  status: string;
  description: string;
  schema?: string;
  /** The error `code` of an error response. */
  code?: string;
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  /** "Secret key", "Publishable key", "User session", or empty when none is needed. */
  auth: string[];
  scope?: string;
  pathParams: ReferenceField[];
  query: ReferenceField[];
  headers: ReferenceField[];
  body?: { schema: string; required: boolean; fields: ReferenceField[] };
  responses: ReferenceResponse[];
  errors: ReferenceResponse[];
}

export interface ReferenceGroup {
  name: string;
  description: string;
  operations: ReferenceOperation[];
}

export interface ReferenceSchema {
  name: string;
  description?: string;
  kind: "request" | "response";
  type: TypeToken[];
  fields: ReferenceField[];
  /** For a union: its members. */
  variants: TypeToken[][];
  /** Accepts properties it does not name (the world graph). */
  open: boolean;
}

export interface ApiReference {
  title: string;
  version: string;
  description: string;
  groups: ReferenceGroup[];
  schemas: ReferenceSchema[];
  errors: { code: string; status: number; description: string }[];
  auth: { name: string; label: string; description: string }[];
}
