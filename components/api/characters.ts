"use client";

import { useMutation } from "@tanstack/react-query";
import { apiFetch, type AppScope } from "./client";
import type { CharacterCreated, CharacterResource } from "./types";

export type { CharacterCreated, CharacterResource } from "./types";

/* Characters through the developer API, the Studio acting for one app (`X-App-Id`, `X-App-Mode`). */

/** A stance of the palette: `{id, label, mood, expression}` (docs/runtime.md "Characters"). */
export interface StanceInput {
  id: string;
  label: string;
  mood: string;
  expression: string;
}

/** POST /v1/characters, EXPLICIT or AUTHORED mode (docs/runtime.md "Characters"). */
export type CreateCharacterInput =
  | { name: string; persona: string; greeting?: string; lore?: string; stances?: StanceInput[]; entranceState?: string }
  | { authored: true; premise?: string; frame_b64?: string; name?: string };

/** PATCH /v1/characters/{id}: the brain's fields and the palette; what is left out stays. */
export interface UpdateCharacterInput {
  persona?: string;
  greeting?: string;
  lore?: string;
  examples?: string;
  scene?: string;
  subject?: string;
  style?: string;
  voiceId?: string | null;
  modelId?: string | null;
  free?: boolean;
  stances?: StanceInput[];
  entranceState?: string;
}

export const characterPath = (id: string) => `/v1/characters/${encodeURIComponent(id)}`;

export function useCreateCharacter() {
  return useMutation({
    mutationFn: ({ scope, input }: { scope: AppScope; input: CreateCharacterInput }) =>
      apiFetch<CharacterCreated>("/v1/characters", { method: "POST", body: input, app: scope }),
  });
}

/**
 * Edits a character on the rev the form was opened on (`If-Match`): someone else's edit since
 * is a 412 (`rev_mismatch`), never silently overwritten.
 */
export function useUpdateCharacter(scope: AppScope, characterId: string) {
  return useMutation({
    mutationFn: ({ input, rev }: { input: UpdateCharacterInput; rev: string }) =>
      apiFetch<CharacterResource>(characterPath(characterId), { method: "PATCH", body: input, headers: { "if-match": rev }, app: scope }),
  });
}
