// What a stance shows, read from its words: the face (mouth, brows, eyes, cheeks) and the pose
// (head, shoulders, arms, lean) of a character's portrait (portrait.ts), and the light its mood
// casts. Pure and deterministic: the same stance always reads the same.

export type Arms = "down" | "crossed" | "clasped" | "chin" | "raised" | "hug";

export interface Expression {
  /** -1 a deep frown … 1 a broad smile. */
  smile: number;
  /** 0 closed … 1 wide open (a laugh, a gasp). */
  mouthOpen: number;
  /** A crooked mouth: one corner up (a wry grin). */
  crooked: boolean;
  /** Lips pressed thin. */
  tight: boolean;
  /** -1 brows drawn down (anger) … 1 raised high (surprise). */
  browRaise: number;
  /** Inner ends up (sorrow, worry) when positive, down (anger) when negative. */
  browInner: number;
  /** One brow up (curiosity, doubt). */
  browArch: boolean;
  /** 0.3 narrowed … 1.4 wide. */
  eyeOpen: number;
  /** Where the eyes look: -1 down … 1 up; and sideways -1 left … 1 right. */
  gazeY: number;
  gazeX: number;
  /** A warm flush on the cheeks. */
  blush: boolean;
  /** Degrees; positive tilts the head to the viewer's right. */
  headTilt: number;
  /** -1 chin down … 1 chin raised. */
  chin: number;
  /** -1 shoulders slack and low … 1 raised and tense. */
  shoulders: number;
  /** -1 leaning back (shrinking) … 1 leaning in. */
  lean: number;
  arms: Arms;
}

/** The light a mood casts over the portrait: a tint (hsl) and how strongly it shows; a dim mood darkens. */
export interface MoodLight {
  hue: number;
  sat: number;
  strength: number;
  dim: number;
}

const NEUTRAL: Expression = {
  smile: 0.1,
  mouthOpen: 0,
  crooked: false,
  tight: false,
  browRaise: 0,
  browInner: 0,
  browArch: false,
  eyeOpen: 1,
  gazeY: 0,
  gazeX: 0,
  blush: false,
  headTilt: 0,
  chin: 0,
  shoulders: 0,
  lean: 0,
  arms: "down",
};

type Rule = [RegExp, (e: Expression) => void];

// Moods first (the broad feeling), then what the expression names (the specifics win).
const MOOD_RULES: Rule[] = [
  [
    /\b(happy|glad|joy\w*|cheer\w*|friendly|warm|fond|pleased|delight\w*|content|kind)\b/,
    (e) => ((e.smile = 0.75), (e.blush = true), (e.browRaise = 0.2), (e.eyeOpen = 1.05)),
  ],
  [
    /\b(playful|amused|wry|mischiev\w*|sly|teasing|merry)\b/,
    (e) => ((e.smile = 0.65), (e.crooked = true), (e.eyeOpen = 0.85), (e.headTilt = 5)),
  ],
  [/\b(proud|confident|smug|triumph\w*)\b/, (e) => ((e.smile = 0.35), (e.chin = 0.7), (e.eyeOpen = 0.85), (e.shoulders = 0.3))],
  [
    /\b(curious|interested|intrigued|inquisitive|puzzled|absorbed)\b/,
    (e) => ((e.browArch = true), (e.browRaise = 0.35), (e.headTilt = 9), (e.eyeOpen = 1.15), (e.lean = 0.4), (e.smile = 0.15)),
  ],
  [/\b(calm|serene|peaceful|composed|neutral|steady|relaxed|focused|dreamy)\b/, (e) => ((e.smile = 0.12), (e.eyeOpen = 0.95))],
  [
    /\b(wary|guarded|suspicious|distrust\w*|cautious|uneasy|reserved)\b/,
    (e) => (
      (e.smile = -0.1),
      (e.eyeOpen = 0.55),
      (e.browRaise = -0.35),
      (e.browInner = -0.3),
      (e.gazeX = 0.6),
      (e.lean = -0.3),
      (e.tight = true)
    ),
  ],
  [
    /\b(sad|sorrow\w*|grief|griev\w*|downcast|melanchol\w*|hurt|wounded|gloomy|forlorn|lonely|heartbroken|mournful)\b/,
    (e) => (
      (e.smile = -0.6),
      (e.browInner = 0.85),
      (e.browRaise = 0.1),
      (e.eyeOpen = 0.7),
      (e.gazeY = -0.8),
      (e.chin = -0.6),
      (e.shoulders = -0.9),
      (e.headTilt = -6)
    ),
  ],
  [
    /\b(angry|anger|cross|furious|rage|irate|offended|stern|cold|hostile|indignant|annoyed|grumpy|irritat\w*)\b/,
    (e) => (
      (e.smile = -0.45),
      (e.browRaise = -0.9),
      (e.browInner = -0.9),
      (e.eyeOpen = 0.6),
      (e.tight = true),
      (e.chin = -0.15),
      (e.shoulders = 0.5),
      (e.lean = 0.2)
    ),
  ],
  [
    /\b(afraid|fear\w*|scared|frighten\w*|terrified|alarmed|anxious|worried|nervous|panic\w*|uneasy)\b/,
    (e) => (
      (e.smile = -0.35),
      (e.mouthOpen = 0.35),
      (e.browRaise = 0.8),
      (e.browInner = 0.7),
      (e.eyeOpen = 1.4),
      (e.shoulders = 0.8),
      (e.lean = -0.5)
    ),
  ],
  [
    /\b(surprised|astonish\w*|amazed|shocked|startled)\b/,
    (e) => ((e.mouthOpen = 0.8), (e.smile = 0), (e.browRaise = 1), (e.eyeOpen = 1.4)),
  ],
  [/\b(tired|weary|exhausted|bored|sleepy)\b/, (e) => ((e.eyeOpen = 0.45), (e.smile = -0.15), (e.shoulders = -0.6), (e.chin = -0.3))],
  [
    /\b(shy|bashful|embarrass\w*|sheepish)\b/,
    (e) => ((e.blush = true), (e.gazeY = -0.6), (e.gazeX = -0.5), (e.smile = 0.35), (e.headTilt = -7)),
  ],
];

const EXPRESSION_RULES: Rule[] = [
  [/\b(smil\w*|beam\w*)\b/, (e) => (e.smile = Math.max(e.smile, 0.6))],
  [/\b(small|faint|slight|thin|rare|approving)\s+smile\b/, (e) => (e.smile = 0.4)],
  [/\b(grin\w*|laugh\w*|bright smile|broad smile)\b/, (e) => ((e.smile = 0.9), (e.mouthOpen = Math.max(e.mouthOpen, 0.45)))],
  [/\b(crooked|sideways|lopsided|wry|half-smile|smirk\w*)\b/, (e) => (e.crooked = true)],
  [/\b(frown\w*|scowl\w*|grimac\w*|pout\w*)\b/, (e) => ((e.smile = Math.min(e.smile, -0.55)), (e.browInner = Math.min(e.browInner, -0.5)))],
  [/\b(lips pressed|pressed thin|tight-lipped|jaw set|clenched)\b/, (e) => ((e.tight = true), (e.smile = Math.min(e.smile, -0.2)))],
  [/\b(open mouth|mouth open|gasp\w*|agape)\b/, (e) => (e.mouthOpen = 0.8)],
  [
    /\b(eyebrows? raised|brows? raised|raised brows?|raised eyebrows?)\b/,
    (e) => ((e.browRaise = Math.max(e.browRaise, 0.7)), (e.browArch = false)),
  ],
  [
    /\b(narrow\w*|squint\w*|hard stare|cold stare|glar\w*)\b/,
    (e) => ((e.eyeOpen = Math.min(e.eyeOpen, 0.5)), (e.browRaise = Math.min(e.browRaise, -0.5))),
  ],
  [/\b(eyes wide|wide-eyed|wide eyes)\b/, (e) => ((e.eyeOpen = 1.4), (e.browRaise = Math.max(e.browRaise, 0.6)))],
  [/\b(eyes bright|bright eyes|twinkl\w*|sparkl\w*)\b/, (e) => (e.eyeOpen = Math.max(e.eyeOpen, 1.1))],
  [
    /\b(eyes (?:lowered|down|cast down)|looking down|downcast|gazing down|eyes on the (?:floor|ground))\b/,
    (e) => ((e.gazeY = -0.9), (e.eyeOpen = Math.min(e.eyeOpen, 0.65)), (e.chin = Math.min(e.chin, -0.5))),
  ],
  [/\b(looking up|eyes up|gazing up)\b/, (e) => ((e.gazeY = 0.8), (e.chin = 0.4))],
  [/\b(look\w* away|sideways look|side-eye|glanc\w*|scanning)\b/, (e) => (e.gazeX = 0.8)],
  [/\b(head tilted|tilted head|tilts? (?:her|his|their) head|cocked)\b/, (e) => (e.headTilt = 11)],
  [/\b(chin (?:raised|up|lifted))\b/, (e) => (e.chin = 0.8)],
  [/\b(chin (?:down|lowered|tucked)|head bowed|bowed head)\b/, (e) => (e.chin = -0.8)],
  [/\b(shoulders? (?:slack|slumped|sagging|drooping|low)|slump\w*)\b/, (e) => (e.shoulders = -1)],
  [/\b(shoulders? (?:raised|hunched|tense|squared)|hunch\w*)\b/, (e) => (e.shoulders = 0.9)],
  [/\b(lean\w* in|leaning forward|lean\w* closer)\b/, (e) => (e.lean = 0.8)],
  [/\b(shrink\w* back|lean\w* back|recoil\w*|step\w* back|pull\w* back)\b/, (e) => (e.lean = -0.9)],
  [/\b(arms? (?:crossed|folded)|crossed arms|folded arms)\b/, (e) => (e.arms = "crossed")],
  [/\b(hands? (?:clasped|folded|together)|wringing)\b/, (e) => (e.arms = "clasped")],
  [/\b(hand (?:on|at|to) (?:(?:her|his|their) )?(?:chin|cheek|throat|mouth)|chin in hand|thinking)\b/, (e) => (e.arms = "chin")],
  [
    /\b(waving|pointing|brandish\w*|hands? up|(?:hand|arm|fist|ladle|spoon|finger) raised|raised (?:hand|arm|fist|ladle|finger))\b/,
    (e) => (e.arms = e.arms === "down" ? "raised" : e.arms),
  ],
  [/\b(hugg\w*|clutch\w*|holding (?:a|the|her|his)|cradl\w*)\b/, (e) => (e.arms = "hug")],
  [/\b(blush\w*|flush\w*)\b/, (e) => (e.blush = true)],
];

/** The face and pose a stance reads as: its mood's feeling, refined by what its expression says (the label helps a bare stance). */
export function readExpression(stance: { label?: string; mood?: string; expression?: string }): Expression {
  const e: Expression = { ...NEUTRAL };
  const mood = `${stance.mood ?? ""} ${stance.label ?? ""}`.toLowerCase();
  const expression = (stance.expression ?? "").toLowerCase();
  for (const [pattern, apply] of MOOD_RULES) if (pattern.test(mood) || pattern.test(expression)) apply(e);
  for (const [pattern, apply] of EXPRESSION_RULES) if (pattern.test(expression)) apply(e);
  return e;
}

/** The light of a mood: warm moods a golden glow, sad a cold blue dimness, anger a red edge, fear a sickly green. */
export function moodLight(stance: { label?: string; mood?: string; expression?: string }): MoodLight {
  const text = `${stance.mood ?? ""} ${stance.label ?? ""} ${stance.expression ?? ""}`.toLowerCase();
  if (/\b(angry|anger|cross|furious|rage|offended|stern|hostile|indignant|annoyed|grumpy)\b/.test(text))
    return { hue: 2, sat: 75, strength: 0.22, dim: 0.06 };
  if (/\b(afraid|fear\w*|scared|frighten\w*|terrified|alarmed|anxious|worried|nervous)\b/.test(text))
    return { hue: 150, sat: 30, strength: 0.2, dim: 0.14 };
  if (/\b(sad|sorrow\w*|grief|downcast|melanchol\w*|hurt|wounded|gloomy|forlorn|lonely|tired|weary)\b/.test(text))
    return { hue: 220, sat: 45, strength: 0.24, dim: 0.2 };
  if (/\b(wary|guarded|suspicious|cautious|uneasy|cold)\b/.test(text)) return { hue: 250, sat: 25, strength: 0.16, dim: 0.12 };
  if (/\b(happy|glad|joy\w*|friendly|warm|fond|pleased|delight\w*|proud|kind)\b/.test(text))
    return { hue: 38, sat: 90, strength: 0.2, dim: 0 };
  if (/\b(playful|amused|mischiev\w*|sly|merry)\b/.test(text)) return { hue: 320, sat: 60, strength: 0.14, dim: 0 };
  if (/\b(curious|interested|intrigued|surprised|absorbed)\b/.test(text)) return { hue: 190, sat: 60, strength: 0.12, dim: 0 };
  return { hue: 45, sat: 20, strength: 0.06, dim: 0.02 };
}
