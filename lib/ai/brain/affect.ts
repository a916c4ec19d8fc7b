import { nearestStance, normalizeAffect, stancePoint } from "../chat";
import type { Affect, Stance } from "../provider";
import type { Understanding } from "./understand";

// Affect follows what was said. Each act of the line pulls the mood toward its own point in
// (valence, arousal, dominance) by its strength: kindness toward warmth, an insult toward a hurt
// or a stern face (the character's temperament decides which), a dangerous plan toward worry.
// Rapport rises with kindness and questions, falls with insults. Between acts the mood drifts
// back toward the character's temperament. The stance is then the palette's nearest to the new
// mood (chat.ts `nearestStance`), held against small moves and let go on strong ones.

export type Point = [number, number, number];

/** The character's resting mood and whether an insult makes it stern (true) or hurt (false). */
export interface Temperament {
  rest: Point;
  stern: boolean;
}

const TOUGH =
  /\b(gruff\w*|stern\w*|grump\w*|proud|fierce\w*|hard|tough|blunt\w*|sharp\w*|cranky|crabby|surly|prickly|stubborn\w*|bold|soldier|sergeant|commander|boss)\b/i;
const TENDER = /\b(gentle|soft\w*|shy|timid|sensitive|easily (?:hurt|wounded)|wounded|dreamy|meek|fragile|tender\w*)\b/i;

/**
 * The temperament its persona and speech describe: "gruff", "proud" turn stern at an insult;
 * "gentle", "shy" are hurt; a character its words leave open turns to whichever of the two its
 * palette can show best.
 */
export function temperamentOf(persona: string, speakingDetail: string, stances: Stance[]): Temperament {
  const text = `${persona} ${speakingDetail}`;
  const point = stancePoint({ id: "", label: "", mood: text, expression: "" });
  const tough = TOUGH.test(text);
  const tender = TENDER.test(text);
  const nearest = (target: Point) => Math.min(...stances.map((s) => distance(stancePoint(s), target)));
  const stern = tough && !tender ? true : tender && !tough ? false : nearest(STERN) < nearest(HURT);
  return { rest: [point[0] * 0.4, point[1] * 0.3, point[2] * 0.4], stern };
}

const distance = (p: Point, q: Point) => Math.hypot(p[0] - q[0], p[1] - q[1], (p[2] - q[2]) * 0.6);

const WARM: Point = [0.75, 0.25, 0.1];
const STERN: Point = [-0.6, 0.55, 0.55];
const HURT: Point = [-0.65, -0.15, -0.45];
const WORRIED: Point = [-0.5, 0.75, -0.55];
const SAD: Point = [-0.45, -0.35, -0.2];
const CURIOUS: Point = [0.25, 0.35, 0];

/** What the line does to the mood, given the character's temperament and how dangerous its plan is (0..1). */
export function nextAffect(current: Affect, heard: Understanding, temperament: Temperament, danger: number): Affect {
  let [v, a, d] = [current.v, current.a, current.d];
  let rapport = current.rapport;
  // Drift home: a third of the way back to the resting mood each turn.
  [v, a, d] = [v + (temperament.rest[0] - v) * 0.3, a + (temperament.rest[1] - a) * 0.35, d + (temperament.rest[2] - d) * 0.3];
  const pull = (target: Point, weight: number) => {
    const w = Math.max(0, Math.min(1, weight));
    v += (target[0] - v) * w;
    a += (target[1] - a) * w;
    d += (target[2] - d) * w;
  };
  v += heard.valence * 0.15;
  if (heard.greeting) {
    v += 0.08;
    rapport += 0.03;
  }
  if (heard.question) {
    pull(CURIOUS, 0.25);
    rapport += 0.02;
  }
  if (heard.kindness > 0) {
    pull(WARM, 0.6 + heard.kindness * 0.35);
    rapport += 0.08 + heard.kindness * 0.1;
  }
  if (heard.sadness && heard.insult === 0) {
    pull(SAD, 0.3);
    rapport += 0.03;
  }
  if (heard.insult > 0) {
    pull(temperament.stern ? STERN : HURT, 0.5 + heard.insult * 0.4);
    rapport -= 0.1 + heard.insult * 0.15;
  }
  // A threat to the character frightens more than it offends.
  if (heard.threat) pull(WORRIED, 0.8);
  if (danger > 0) {
    pull(WORRIED, 0.45 + danger * 0.45);
    rapport += 0.02;
  }
  if (heard.farewell) a -= 0.1;
  return normalizeAffect({ v, a, d, rapport });
}

/**
 * The stance for the new mood: the nearest of the palette; a strong act (an insult, a danger,
 * marked kindness) lets go of the current stance, small talk keeps it unless another is clearly nearer.
 */
export function chooseStance(stances: Stance[], affect: Affect, currentId: string, heard: Understanding, danger: number): Stance {
  const strong = heard.insult >= 0.3 || danger >= 0.3 || heard.kindness >= 0.5 || heard.threat;
  // A marked mood takes a stance of its own sign when the palette has one: a hurt keeper does not look calm.
  const sign = Math.abs(affect.v) >= 0.3 ? Math.sign(affect.v) : 0;
  const alike = sign === 0 ? [] : stances.filter((s) => Math.sign(stancePoint(s)[0]) === sign && Math.abs(stancePoint(s)[0]) >= 0.15);
  const pool = alike.length > 0 ? alike : stances;
  return nearestStance(pool, affect, strong || !pool.some((s) => s.id === currentId) ? undefined : currentId);
}
