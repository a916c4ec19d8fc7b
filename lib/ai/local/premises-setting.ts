// Premises written for issue 26's quality test (lib/ai/local/author.setting.quality.test.ts), by
// someone who had not read the local author or painter: genres, eras, settings in space,
// underwater, indoors and underground, plural subjects, first person, rare nouns, and premises
// that name no setting. Each with the protagonist a reader would name, how many figures it is,
// and the head noun of the setting the premise names (null when none). The data lives in
// fixtures/setting-premises.json, in groups by setting; this file types and flattens it.
import data from "./fixtures/setting-premises.json";

export interface SettingPremise {
  premise: string;
  protagonist: string;
  figures: number;
  setting: string | null;
  /** The premise's content nouns as a reader lists them (lower case, as written). */
  nouns: readonly string[];
}

interface SettingPremiseGroup {
  /** What the group's premises have in common ("Outer space: comets, asteroids, …"). */
  about: string;
  premises: readonly SettingPremise[];
}

const groups: readonly SettingPremiseGroup[] = data.groups;

export const SETTING_PREMISES: readonly SettingPremise[] = groups.flatMap((g) => g.premises);
