// The figure of a portrait (portrait.ts): its palette, hair and hat, face and body, drawn in the
// stance's expression and pose. Head centre at 0,0; 100 units to the head's height.
import { f } from "./draw";
import type { Expression } from "./face";
import type { Look } from "./types";

export interface Palette {
  skin: string;
  skinShade: string;
  hair: string;
  coat: string;
  coatDark: string;
  lining: string;
}

export const hsl = (h: number, s: number, l: number): string =>
  `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(Math.max(0, Math.min(100, s)))}%,${Math.round(Math.max(0, Math.min(100, l)))}%)`;

/** What the subject lock says of the face besides its colours: age (grey hair, lines) and a beard. */
export interface Features {
  old: boolean;
  beard: boolean;
}

const OLD =
  /\b(old|elderly|aged|ancient|aging|ageing|grey-haired|gray-haired|white-haired|silver-haired|grey-bearded|gray-bearded|white-bearded|grandmother|grandfather|granny|grandpa|grandma|crone|veteran|retired|weathered|wizened|venerable)\b/i;

export function featuresOf(subject: string): Features {
  return { old: OLD.test(subject), beard: /\b(beard\w*|bearded)\b/i.test(subject) };
}

/** Hair behind the head (drawn first) and over it (drawn after the face), with the look's hat. */
export function hairAndHat(look: Look, p: Palette, long: boolean): { behind: string; back: string; front: string } {
  let back = `<ellipse cx="0" cy="-6" rx="47" ry="54" fill="${p.hair}"/>`;
  // Long hair falls behind the shoulders: drawn before the body.
  let behind = long ? `<path d="M-46 -10 Q-62 60 -50 128 L50 128 Q62 60 46 -10 Z" fill="${p.hair}"/>` : "";
  let front = `<path d="M-41 -14 Q-38 -58 0 -58 Q38 -58 41 -14 Q26 -34 4 -30 Q-20 -40 -41 -14 Z" fill="${p.hair}"/>`;
  if (look.hat === "hood") {
    behind = `<path d="M-62 120 Q-70 -20 -40 -55 Q0 -82 40 -55 Q70 -20 62 120 Z" fill="${p.coat}"/>`;
    back = "";
    front = `<path d="M-52 40 Q-58 -36 -30 -56 Q0 -70 30 -56 Q58 -36 52 40 Q46 -30 0 -44 Q-46 -30 -52 40 Z" fill="${p.coatDark}"/>`;
  } else if (look.hat === "cap") {
    front += `<path d="M-44 -22 Q-40 -66 0 -66 Q40 -66 44 -22 Z" fill="${p.coat}"/><path d="M-6 -24 L62 -20 Q58 -12 -6 -14 Z" fill="${p.coatDark}"/>`;
  } else if (look.hat === "brim") {
    front += `<ellipse cx="0" cy="-36" rx="74" ry="11" fill="#23201d"/><path d="M-40 -36 L-36 -86 Q0 -94 36 -86 L40 -36 Z" fill="#23201d"/><rect x="-39" y="-48" width="78" height="7" fill="${p.coat}"/>`;
  }
  return { behind, back, front };
}

/** The face: ears, eyes, brows, nose, mouth and cheeks as the expression reads. Head centre at 0,0; 100 units tall. */
export function face(e: Expression, p: Palette, dy: number, features: Features): string {
  let out = `<ellipse cx="-40" cy="4" rx="7" ry="12" fill="${p.skinShade}"/><ellipse cx="40" cy="4" rx="7" ry="12" fill="${p.skinShade}"/>`;
  out += `<ellipse cx="0" cy="0" rx="40" ry="50" fill="${p.skin}"/>`;
  // Age: lines on the brow and at the eyes' corners.
  if (features.old) {
    const line = (d: string) =>
      `<path d="${d}" stroke="${p.skinShade}" stroke-width="1.6" fill="none" stroke-linecap="round" opacity=".8"/>`;
    out +=
      line(`M-14 ${f(-31 + dy)} Q0 ${f(-34 + dy)} 14 ${f(-31 + dy)}`) + line(`M-10 ${f(-26.5 + dy)} Q0 ${f(-29 + dy)} 10 ${f(-26.5 + dy)}`);
    out += line(
      `M-27 ${f(-3 + dy)} L-31 ${f(-6 + dy)} M-27 ${f(0 + dy)} L-31 ${f(1 + dy)} M27 ${f(-3 + dy)} L31 ${f(-6 + dy)} M27 ${f(0 + dy)} L31 ${f(1 + dy)}`,
    );
    out += line(`M-13 ${f(19 + dy)} Q-17 ${f(26 + dy)} -15 ${f(33 + dy)} M13 ${f(19 + dy)} Q17 ${f(26 + dy)} 15 ${f(33 + dy)}`);
  }
  // Eyes.
  const ey = -4 + dy;
  const ry = Math.max(1.2, 5.6 * e.eyeOpen);
  for (const side of [-1, 1]) {
    const ex = side * 16;
    out += `<ellipse cx="${ex}" cy="${f(ey)}" rx="8.5" ry="${f(ry)}" fill="#f6f1ea"/>`;
    out += `<ellipse cx="${f(ex + e.gazeX * 3)}" cy="${f(ey - e.gazeY * Math.min(2.2, ry * 0.4))}" rx="4.2" ry="${f(Math.min(4.2, ry))}" fill="#2a1d17"/>`;
    out += `<path d="M${ex - 9.5} ${f(ey + 0.5)} Q${ex} ${f(ey - ry - 2.2)} ${ex + 9.5} ${f(ey + 0.5)}" stroke="#1d1512" stroke-width="2.2" fill="none" stroke-linecap="round"/>`;
  }
  // Brows: raised or drawn down; the inner ends up in sorrow, down in anger; one arched in doubt.
  const by = -18 - e.browRaise * 6 + dy;
  for (const side of [-1, 1]) {
    const arch = e.browArch && side === 1 ? -6 : 0;
    const inner = by - e.browInner * 6 + arch * 0.5;
    const outer = by + arch + (e.browInner > 0 ? 2 : 0);
    out += `<path d="M${side * 7} ${f(inner)} Q${side * 16} ${f(Math.min(inner, outer) - 3 + arch * 0.3)} ${side * 27} ${f(outer)}" stroke="${p.hair}" stroke-width="4.6" fill="none" stroke-linecap="round"/>`;
  }
  // Nose.
  out += `<path d="M-2 ${f(6 + dy)} Q-5 ${f(15 + dy)} 4 ${f(16 + dy)}" stroke="${p.skinShade}" stroke-width="2.2" fill="none" stroke-linecap="round"/>`;
  // Cheeks.
  if (e.blush)
    out += `<ellipse cx="-23" cy="${f(14 + dy)}" rx="8" ry="5" fill="#e0707a" opacity=".35"/><ellipse cx="23" cy="${f(14 + dy)}" rx="8" ry="5" fill="#e0707a" opacity=".35"/>`;
  // Mouth: the corners rise with a smile and fall with a frown; open for a laugh or a gasp.
  const my = 29 + dy;
  const half = (e.tight ? 9 : 12) + Math.max(0, e.smile) * 3;
  const lift = e.smile * 6;
  const left = my - lift + (e.crooked ? 1.5 : 0);
  const right = my - lift - (e.crooked ? 5 : 0);
  if (e.mouthOpen > 0.1) {
    const upper = my + e.smile * 2;
    const lower = my + Math.max(0, e.smile) * 6 + 4 + e.mouthOpen * 12;
    out += `<path d="M${f(-half)} ${f(left)} Q0 ${f(upper - 2)} ${f(half)} ${f(right)} Q0 ${f(lower + 4)} ${f(-half)} ${f(left)} Z" fill="#4a1c1c"/>`;
    if (e.smile > 0.4)
      out += `<path d="M${f(-half * 0.8)} ${f(left + 1)} Q0 ${f(upper)} ${f(half * 0.8)} ${f(right + 1)} L${f(half * 0.7)} ${f(right + 4)} Q0 ${f(upper + 4)} ${f(-half * 0.7)} ${f(left + 4)} Z" fill="#f4efe8"/>`;
  } else {
    const mid = my + e.smile * 7;
    out += `<path d="M${f(-half)} ${f(left)} Q0 ${f(mid)} ${f(half)} ${f(right)}" stroke="#6b2a2a" stroke-width="${e.tight ? 2.4 : 3.2}" fill="none" stroke-linecap="round"/>`;
  }
  // A beard round the jaw, open at the mouth.
  if (features.beard)
    out += `<path d="M-38 ${f(8 + dy)} Q-36 58 0 62 Q36 58 38 ${f(8 + dy)} Q30 ${f(30 + dy)} 18 ${f(36 + dy)} Q0 ${f(28 + dy)} -18 ${f(36 + dy)} Q-30 ${f(30 + dy)} -38 ${f(8 + dy)} Z" fill="${p.hair}"/>`;
  return out;
}

/** The body below the head: neck, coat and arms in the stance's pose. Units as the head's; the shoulders at y 80. */
export function body(e: Expression, p: Palette, look: Look, full: boolean): string {
  const sh = -e.shoulders * 12;
  const sw = 100 - (e.shoulders < 0 ? 8 : 0) + (e.shoulders > 0.5 ? -4 : 0);
  const hem = full ? (look.coat === "long" ? 520 : 430) : 470;
  let out = "";
  if (full) {
    out += `<rect x="-44" y="${hem - 20}" width="36" height="${700 - hem}" fill="${p.coatDark}"/><rect x="8" y="${hem - 20}" width="36" height="${700 - hem}" fill="${p.coatDark}"/>`;
    out += `<rect x="-54" y="690" width="48" height="18" rx="6" fill="#1b1714"/><rect x="6" y="690" width="48" height="18" rx="6" fill="#1b1714"/>`;
  }
  out += `<rect x="-15" y="30" width="30" height="${f(56 + sh)}" fill="${p.skinShade}"/>`;
  const torso = `M${-sw} ${f(100 + sh)} Q${-sw - 4} ${f(84 + sh)} ${-sw + 34} ${f(78 + sh)} L${sw - 34} ${f(78 + sh)} Q${sw + 4} ${f(84 + sh)} ${sw} ${f(100 + sh)} L${f(sw * 0.92)} ${hem} L${f(-sw * 0.92)} ${hem} Z`;
  out += `<path d="${torso}" fill="${p.coat}"/>`;
  // The collar: an open V over a lighter shirt.
  out += `<path d="M-26 ${f(78 + sh)} L0 ${f(150 + sh)} L26 ${f(78 + sh)} Z" fill="${p.lining}"/><path d="M-34 ${f(78 + sh)} L0 ${f(160 + sh)} L-8 ${f(78 + sh)} Z M34 ${f(78 + sh)} L0 ${f(160 + sh)} L8 ${f(78 + sh)} Z" fill="${p.coatDark}"/>`;
  const arm = (points: number[][], width: number): string =>
    `<path d="M${points.map(([x, y]) => `${f(x!)} ${f(y!)}`).join(" L")}" stroke="${p.coatDark}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
  const hand = (x: number, y: number): string => `<ellipse cx="${f(x)}" cy="${f(y)}" rx="15" ry="17" fill="${p.skin}"/>`;
  const s = 100 + sh;
  switch (e.arms) {
    case "crossed":
      out +=
        arm(
          [
            [-sw + 6, s],
            [-sw - 2, 196],
          ],
          40,
        ) +
        arm(
          [
            [sw - 6, s],
            [sw + 2, 196],
          ],
          40,
        );
      out +=
        arm(
          [
            [-sw + 4, 198],
            [sw - 20, 168],
          ],
          40,
        ) +
        arm(
          [
            [sw - 4, 202],
            [-sw + 20, 178],
          ],
          40,
        );
      out += hand(sw - 14, 160) + hand(-sw + 14, 182);
      break;
    case "clasped":
      out +=
        arm(
          [
            [-sw + 6, s],
            [-sw + 4, 300],
            [-18, 340],
          ],
          38,
        ) +
        arm(
          [
            [sw - 6, s],
            [sw - 4, 300],
            [18, 340],
          ],
          38,
        );
      out += `<ellipse cx="0" cy="340" rx="26" ry="20" fill="${p.skin}"/>`;
      break;
    case "chin":
      out +=
        arm(
          [
            [-sw + 6, s],
            [-sw - 4, 400],
          ],
          38,
        ) +
        arm(
          [
            [sw - 6, s],
            [sw - 10, 300],
            [22, 70],
          ],
          36,
        );
      out += hand(18, 58);
      break;
    case "raised":
      out +=
        arm(
          [
            [-sw + 6, s],
            [-sw - 4, 400],
          ],
          38,
        ) +
        arm(
          [
            [sw - 6, s],
            [sw + 44, 20],
            [sw + 40, -62],
          ],
          36,
        );
      out += hand(sw + 40, -78);
      break;
    case "hug":
      out += `<rect x="-58" y="170" width="116" height="120" rx="10" fill="${hsl(look.hue + 160, 35, 55)}"/>`;
      out +=
        arm(
          [
            [-sw + 6, s],
            [-sw + 8, 260],
            [30, 262],
          ],
          38,
        ) +
        arm(
          [
            [sw - 6, s],
            [sw - 8, 230],
            [-30, 226],
          ],
          38,
        );
      out += hand(32, 258) + hand(-32, 224);
      break;
    default:
      out +=
        arm(
          [
            [-sw + 6, s],
            [-sw - 6, 330],
            [-sw, 400],
          ],
          38,
        ) +
        arm(
          [
            [sw - 6, s],
            [sw + 6, 330],
            [sw, 400],
          ],
          38,
        );
      out += hand(-sw, 412) + hand(sw, 412);
      if (look.item === "lantern" && full)
        out += `<rect x="${sw - 18}" y="426" width="36" height="44" rx="6" fill="#ffd36b"/><rect x="${sw - 20}" y="420" width="40" height="8" fill="#2a2420"/>`;
  }
  return out;
}
