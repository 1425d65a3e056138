// The site's colours from its accent: site.yaml gives one accent for each colour mode (or one, and the dark
// mode's is worked out from it), and every other accent token is derived here, so the contrast the checks
// measure (themeChecks.ts) is the contrast the built stylesheet has (src/build/theme.ts writes these tokens).
// The neutral colours (backgrounds, text, borders) belong to the templates' look: templates/styles/base.css
// sets them, and BACKGROUNDS repeats the ones accent text is shown on (tests/unit/theme.test.ts keeps the two
// equal).
import { AA_TEXT, mix, nearestPassing, normaliseHex } from './contrast.ts';

export type ColourMode = 'light' | 'dark';
export const COLOUR_MODES: readonly ColourMode[] = ['light', 'dark'];

/** The backgrounds accent-coloured text is shown on, by mode, as base.css sets them (--bg, --surface, --surface-raised). */
export const BACKGROUNDS: Readonly<Record<ColourMode, Readonly<Record<'background' | 'surface' | 'raised surface', string>>>> = {
  light: { background: '#ffffff', surface: '#f6f5fb', 'raised surface': '#ffffff' },
  dark: { background: '#0d0c15', surface: '#15141f', 'raised surface': '#1b1a27' },
};

/** The accent tokens of one mode: the CSS custom properties of the same names (--accent, --accent-strong, …). */
export interface AccentTokens {
  /** Links, the current navigation entry, figures, button and chip fills, the focus ring. */
  accent: string;
  /** Hover states, and text on accent-soft (badges). */
  'accent-strong': string;
  /** Text on an accent fill (buttons): the page background, so it has the accent's own contrast with it. */
  'on-accent': string;
  /** A tint behind notices, badges and hovered entries. */
  'accent-soft': string;
  /** The top of the hero's gradient. */
  'hero-from': string;
  focus: string;
  /** The ground behind the categories' icons, which are drawn for a light one: a light tint of the light mode's
   *  accent, in both modes. */
  'icon-ground': string;
}

export interface ThemeColours {
  accent: string;
  accentDark?: string;
}

/** The accent a mode uses: the one given, or for dark mode, the light one lightened until it reads on dark. */
export function modeAccent({ accent, accentDark }: ThemeColours, mode: ColourMode): string {
  if (mode === 'light') return normaliseHex(accent);
  if (accentDark) return normaliseHex(accentDark);
  return nearestPassing(accent, distinctBackgrounds('dark'), AA_TEXT) ?? '#ffffff';
}

/** Every accent token of a mode. */
export function accentTokens(colours: ThemeColours, mode: ColourMode): AccentTokens {
  const accent = modeAccent(colours, mode);
  const bg = BACKGROUNDS[mode].background;
  const soft = mix(accent, bg, mode === 'light' ? 0.1 : 0.18);
  // Darker in light mode, lighter in dark mode, and always readable on the soft tint and the page.
  const strong = mix(mode === 'light' ? '#000000' : '#ffffff', accent, 0.3);
  return {
    accent,
    'accent-strong': nearestPassing(strong, [soft, ...distinctBackgrounds(mode)], AA_TEXT) ?? strong,
    'on-accent': bg,
    'accent-soft': soft,
    'hero-from': mix(accent, bg, mode === 'light' ? 0.07 : 0.1),
    focus: accent,
    'icon-ground': mix(modeAccent(colours, 'light'), '#ffffff', 0.1),
  };
}

/** The mode's backgrounds, each colour once, the page background first. */
export const distinctBackgrounds = (mode: ColourMode) => [...new Set(Object.values(BACKGROUNDS[mode]))];
