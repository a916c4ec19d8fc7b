// Who is asking, in the words every floor uses: an app and a mode (docs/api.md "Credentials", "Apps and keys").

/** An app's two worlds: `test` (test keys: free, private, the mock provider) and `live`. */
export const MODES = ["test", "live"] as const;
export type Mode = (typeof MODES)[number];

/** Who is asking: data belongs to one app and one mode, and is invisible to any other. */
export interface Caller {
  appId: string;
  mode: Mode;
}
