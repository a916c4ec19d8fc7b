import { getProvider, type Bible } from "@/lib/ai";
import { storeAsset } from "@/lib/assets/assets";
import type { Mode } from "@/lib/keys/key-string";

export interface SubjectRef {
  imageUrl: string;
  descriptor?: string;
}

/** How the protagonist looks, in the bible's own words: what every chapter's painter keeps. */
export function protagonistDescriptor(bible: Bible): string {
  const where = bible.places[0] ?? bible.setting;
  return `${bible.protagonist} of ${bible.title}${where ? `, at home in ${where}` : ""}`.slice(0, 300);
}

/**
 * The reference stage when the request gave no `subject_ref`: one portrait of the protagonist
 * painted from the bible and hosted, carried into every chapter as its `subjectRef`.
 */
export async function paintReference(mode: Mode, bible: Bible, baseUrl: string): Promise<SubjectRef> {
  const descriptor = protagonistDescriptor(bible);
  const image = await getProvider(mode).paintImage({ prompt: `portrait of ${descriptor}`, mood: bible.tone, aspect: "1:1", subject: bible.protagonist });
  const stored = await storeAsset(image.bytes, image.mimeType, baseUrl);
  return { imageUrl: stored.url, descriptor };
}
