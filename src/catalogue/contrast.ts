// Colour contrast as WCAG 2.2 defines it (success criteria 1.4.3 and 1.4.11): the relative luminance of sRGB
// colours, their contrast ratio, and the nearest shade of a colour that reaches a ratio. Pure functions on
// "#rrggbb" strings; the theme (theme.ts) and its checks (themeChecks.ts) use them.

/** WCAG AA: normal text 4.5:1; large text (24 px, or 18.66 px bold) and the parts of a control 3:1. */
export const AA_TEXT = 4.5;
export const AA_LARGE_OR_UI = 3;

export type Rgb = readonly [r: number, g: number, b: number];

/** "#rgb" or "#rrggbb", any case. */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The colour's channels, 0-255; throws on anything but "#rgb" or "#rrggbb". */
export function parseHex(hex: string): Rgb {
  if (!HEX_COLOUR.test(hex)) throw new Error(`Not a hex colour: ${hex}`);
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as unknown as Rgb;
}

/** "#rrggbb", lowercase. */
export const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;

/** The same colour as "#rrggbb", lowercase ("#FFF" → "#ffffff"). */
export const normaliseHex = (hex: string) => toHex(parseHex(hex));

/** WCAG's relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(colour: string | Rgb): number {
  const rgb = typeof colour === 'string' ? parseHex(colour) : colour;
  const linear = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * linear[0]! + 0.7152 * linear[1]! + 0.0722 * linear[2]!;
}

/** The contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** "2.7:1". Cut, never rounded up, so a ratio just under a threshold never reads as reaching it (4.48 → 4.4). */
export const formatRatio = (ratio: number) => `${(Math.floor(ratio * 10 + 1e-9) / 10).toFixed(1)}:1`;

/** `a` mixed into `b`: `amount` 0 is `b`, 1 is `a` (CSS color-mix in srgb). */
export function mix(a: string, b: string, amount: number): string {
  const [x, y] = [parseHex(a), parseHex(b)];
  return toHex(x.map((c, i) => c * amount + y[i]! * (1 - amount)) as unknown as Rgb);
}

/** Hue (0-360), saturation and lightness (0-1) of a colour. */
export function toHsl(rgb: Rgb): [h: number, s: number, l: number] {
  const [r, g, b] = rgb.map((c) => c / 255) as [number, number, number];
  const [max, min] = [Math.max(r, g, b), Math.min(r, g, b)];
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

export function fromHsl([h, s, l]: readonly [number, number, number]): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

/**
 * The shade of `colour` nearest to it that has at least `min` contrast with every one of `against`: the same
 * hue and saturation, darker (or lighter, when the first of `against` is dark) by as little as it takes. The
 * colour itself when it already passes; undefined when even black (or white) does not.
 */
export function nearestPassing(colour: string, against: readonly string[], min: number): string | undefined {
  const passes = (c: string) => against.every((bg) => contrastRatio(c, bg) >= min);
  if (passes(colour)) return normaliseHex(colour);
  const darker = relativeLuminance(against[0]!) > 0.18;
  if (!passes(darker ? '#000000' : '#ffffff')) return undefined;
  const [h, s, l] = toHsl(parseHex(colour));
  const shade = (lightness: number) => toHex(fromHsl([h, s, lightness]));
  // The contrast grows steadily as the lightness moves away from the background's: halve the step 20 times,
  // then step on, since rounding to "#rrggbb" can land just short.
  let [near, far] = [l, darker ? 0 : 1];
  for (let i = 0; i < 20; i++) {
    const middle = (near + far) / 2;
    if (passes(shade(middle))) far = middle;
    else near = middle;
  }
  for (let lightness = far; lightness >= 0 && lightness <= 1; lightness += darker ? -0.001 : 0.001) {
    if (passes(shade(lightness))) return shade(lightness);
  }
  return darker ? '#000000' : '#ffffff';
}
