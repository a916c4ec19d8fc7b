import type { KeyKind, Mode } from "@/components/api/types";

/*
 * Test and live in one place: what each mode means, which mode the Studio creates in, and which
 * keys see what. The app page's "Test and live" panel, the world header's mode badge and the
 * create dialog all read this, so the words and the behaviour cannot drift apart.
 */

/** The mode of everything the Studio creates (worlds, campaigns): live, so it shows in My Creations. */
export const STUDIO_CREATION_MODE: Mode = "live";

export const MODE_WORDS: Record<Mode, { label: string; badge: string; summary: string; seenBy: string }> = {
  test: {
    label: "Test",
    badge: "Test mode",
    summary:
      "A free sandbox: generation answers with deterministic mocks, nothing is billed, worlds stay private and never appear in My Creations.",
    seenBy: "Only this app's test keys (sk_test_, pk_test_) can see it.",
  },
  live: {
    label: "Live",
    badge: "Live mode",
    summary:
      "Real generation and painting, counted against the daily quota; live play time is what billing counts. Live worlds appear in My Creations.",
    seenBy: "Only this app's live keys (sk_live_, pk_live_) can see it.",
  },
};

export interface KeyAccess {
  kind: KeyKind;
  mode: Mode;
  prefix: string;
  can: string;
  where: string;
}

/** Every kind of key and what it can do; each sees only its own mode's worlds, of its own app. */
export const KEY_ACCESS: readonly KeyAccess[] = [
  {
    kind: "secret",
    mode: "test",
    prefix: "sk_test_",
    can: "Read and write test worlds; generation answers with mocks",
    where: "Your server or tests",
  },
  { kind: "publishable", mode: "test", prefix: "pk_test_", can: "Read test worlds only", where: "A browser" },
  {
    kind: "secret",
    mode: "live",
    prefix: "sk_live_",
    can: "Read and write live worlds; real generation, metered",
    where: "Your server only",
  },
  { kind: "publishable", mode: "live", prefix: "pk_live_", can: "Read live worlds only", where: "A browser" },
];
