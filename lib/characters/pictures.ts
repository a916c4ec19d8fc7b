import { getProvider, type PaintReference, type Stance } from "@/lib/ai";
import { storeAsset, storeManifest } from "@/lib/assets/assets";
import { ApiError } from "@/lib/errors";
import { releaseQuota, reserveQuota, type Reservation } from "@/lib/quota/quota";
import type { Caller } from "@/lib/shared/caller";
import { stanceBase, subjectOf, type CharacterProfile } from "./profile";

/**
 * Every stance of a new character gets its own picture (docs/runtime.md "Stance pictures"): the
 * same character (the subject lock, and the subject reference's colours or image when there is
 * one), the stance's expression and mood in the face and pose, the same framing (the static
 * camera). The key's provider paints (test keys: the deterministic mock; `local`: portraits on the
 * CPU pool), the bytes are stored content-addressed (`/assets/<sha256>.png`, the local painter's
 * manifest beside them), and each picture is one `seed_frame` of daily quota, all reserved before
 * the first is painted and all given back if any fails.
 */
export interface StancePicture {
  src: string;
  label: string;
  manifest?: string;
}

export interface PaintStancesInput {
  name: string;
  profile: Pick<CharacterProfile, "subject" | "scene" | "style">;
  stances: readonly Stance[];
  camera: string;
  /** The subject reference as read for painters (null or absent: none). */
  reference?: PaintReference;
  baseUrl: string;
}

/** The painter's request for one stance: its state's prose as the prompt, its mood, the subject lock, and the portrait it is. */
export function stancePaintInput(input: Omit<PaintStancesInput, "baseUrl" | "stances">, stance: Stance) {
  const subject = subjectOf(input.profile, input.name);
  return {
    prompt: `${stanceBase(input.profile, input.name, stance)}, ${input.camera}`,
    mood: stance.mood,
    subject,
    aspect: "16:9" as const,
    ...(input.reference ? { reference: input.reference } : {}),
    portrait: {
      stance: { label: stance.label, mood: stance.mood, expression: stance.expression },
      camera: input.camera,
      scene: input.profile.scene,
    },
  };
}

/**
 * Paints and stores one picture per stance, by stance id; `stances.length` units of `seed_frame`
 * reserved first (402 when they do not fit). The caller gives the reservation back if the
 * character is then not stored.
 */
export async function paintStancePictures(
  caller: Caller,
  input: PaintStancesInput,
): Promise<{ pictures: Record<string, StancePicture>; reservation: Reservation }> {
  const reservation = await reserveQuota(caller.appId, "seed_frame", input.stances.length);
  try {
    const provider = getProvider(caller.mode);
    const painted = await Promise.allSettled(
      input.stances.map(async (stance) => {
        const image = await provider.paintImage(stancePaintInput(input, stance));
        const stored = await storeAsset(image.bytes, image.mimeType, input.baseUrl);
        const manifest = image.manifest ? (await storeManifest(stored, image.manifest, input.baseUrl)).url : undefined;
        return [stance.id, { src: stored.url, label: stance.label, ...(manifest ? { manifest } : {}) }] as const;
      }),
    );
    const failed = painted.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    return {
      pictures: Object.fromEntries(painted.map((result) => (result as PromiseFulfilledResult<readonly [string, StancePicture]>).value)),
      reservation,
    };
  } catch (error) {
    await releaseQuota(reservation);
    if (error instanceof ApiError) throw error;
    throw new ApiError(
      "upstream_failed",
      `The character's stance pictures could not be painted (${(error as Error).message}); nothing was created or charged. It is safe to retry.`,
    );
  }
}
