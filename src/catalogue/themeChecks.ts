// The checks of site.yaml's theme block: its image files exist, and its accent colours read on the backgrounds
// they are shown on (WCAG 2.2 AA), in light and in dark mode. Each colour that falls short gets one problem at
// its line, naming the pair that fails worst, its ratio, what it needs, and a shade that passes.
import { AA_TEXT, contrastRatio, formatRatio, HEX_COLOUR, nearestPassing, normaliseHex } from './contrast.ts';
import type { CatalogueSource } from './load.ts';
import type { ParsedCatalogue } from './parsed.ts';
import { error, warning, type Problem } from './problems.ts';
import { ICON_SIZES } from '../core/images.ts';
import { BACKGROUNDS, type ColourMode } from './theme.ts';
import { locate } from './yamlFile.ts';
import { listed } from '../core/words.ts';

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

/** The theme's fields that name a file in img/brand/ (a logo may be an emoji instead). */
const FILE_FIELDS = ['logo', 'logoDark', 'favicon', 'touchIcon', 'socialImage'] as const;
const isFileName = (value: string) => /\.[a-z0-9]+$/i.test(value) && !/\s/.test(value);

/** The img/brand/ files the theme names, by field: what the unused-image check counts as used. */
export function themeFiles(siteData: unknown): { field: (typeof FILE_FIELDS)[number]; path: string }[] {
  const theme = record(record(siteData).theme);
  return FILE_FIELDS.flatMap((field) => {
    const value = str(theme[field]);
    return value && isFileName(value) ? [{ field, path: `img/brand/${value}` }] : [];
  });
}

/** What link previews show well: X, Telegram, Facebook, LinkedIn and Discord crop other sizes, or refuse larger files. */
export const SOCIAL_IMAGE = { width: 1200, height: 630, maxBytes: 100_000 } as const;

/** The file theme.socialImage names in img/brand/, if it names one. */
const socialImagePath = (siteData: unknown) => themeFiles(siteData).find((f) => f.field === 'socialImage')?.path;

/** The theme's own link-preview image: 1200×630 and at most 100 KB (an unreadable one is imageChecks.ts's). */
export function socialImageChecks({ site }: Pick<ParsedCatalogue, 'site'>, source: Pick<CatalogueSource, 'rasters' | 'sizes'>): Problem[] {
  const path = site && socialImagePath(site.data);
  if (!site || !path) return [];
  const info = source.rasters.get(path);
  const size = source.sizes.get(path);
  const where = { ...locate(site.yaml, ['theme', 'socialImage']), field: 'theme.socialImage' };
  const problems: Problem[] = [];
  const { width, height, maxBytes } = SOCIAL_IMAGE;
  if (info && 'width' in info && (info.width !== width || info.height !== height)) {
    problems.push(error('social-image-size', 'site.yaml', where, `${path} is ${info.width} × ${info.height} px; a link-preview image must be ${width} × ${height}.`, `Export it at exactly ${width} × ${height} px, or leave the field out and the build draws one.`));
  }
  if (size !== undefined && size > maxBytes) {
    problems.push(error('social-image-size', 'site.yaml', where, `${path} is ${Math.ceil(size / 1000)} KB; a link-preview image may be at most ${maxBytes / 1000} KB.`, 'Export it again with fewer colours (PNG) or as a JPEG of quality 80, or leave the field out and the build draws one.'));
  }
  return problems;
}

/** The image problems without the generic size ones of the theme's link-preview image once socialImageChecks
 *  judged its size: those would ask for a WebP or an SVG, which link previews do not show. */
export function withoutSocialImageSizes(images: readonly Problem[], social: readonly Problem[], { site }: Pick<ParsedCatalogue, 'site'>): Problem[] {
  const path = socialImagePath(site?.data);
  if (!path || !social.some((p) => p.code === 'social-image-size')) return [...images];
  return images.filter((p) => !(p.file === path && (p.code === 'large-image' || p.code === 'image-too-large')));
}

/** A PNG given as the favicon or the home-screen icon (theme.favicon, theme.touchIcon): square, and as large as it
 *  is drawn, or the build fits it in a square, small between empty bands, or enlarges it, blurred. */
export function iconChecks({ site }: Pick<ParsedCatalogue, 'site'>, source: Pick<CatalogueSource, 'rasters'>): Problem[] {
  if (!site) return [];
  const theme = record(record(site.data).theme);
  return (['favicon', 'touchIcon'] as const).flatMap((field) => {
    const value = str(theme[field]);
    const info = value && isFileName(value) ? source.rasters.get(`img/brand/${value}`) : undefined;
    if (!info || !('width' in info)) return [];
    const where = { ...locate(site.yaml, ['theme', field]), field: `theme.${field}` };
    const size = ICON_SIZES[field];
    const shown = field === 'favicon' ? `a browser tab shows it at ${size} × ${size} px` : `a phone's home screen shows it at ${size} × ${size} px`;
    const path = `img/brand/${value}`;
    if (info.width !== info.height) {
      return [warning('icon-not-square', 'site.yaml', where, `${path} is ${info.width} × ${info.height} px, but ${shown}: it is fitted into the square, small between empty bands.`, `Export a square PNG of at least ${size} × ${size} px (a mark or letter, not a wordmark), or leave the field out and the build draws one from the logo.`)];
    }
    if (info.width < size) {
      return [warning('image-too-small', 'site.yaml', where, `${path} is ${info.width} × ${info.height} px, but ${shown}: it looks blurred there.`, `Use a PNG of at least ${size} × ${size} px; ${size * 2} × ${size * 2} is sharp on high-density screens too.`)];
    }
    return [];
  });
}

export function themeChecks({ site, images }: Pick<ParsedCatalogue, 'site' | 'images'>): Problem[] {
  if (!site) return [];
  const theme = record(record(site.data).theme);
  const at = (field: string) => ({ ...locate(site.yaml, ['theme', field]), field: `theme.${field}` });
  const problems: Problem[] = [];
  for (const { field, path } of themeFiles(site.data)) {
    if (!images.has(path)) problems.push(error('missing-image', 'site.yaml', at(field), `The file ${path} does not exist.`, 'Add the file under img/brand/ in the catalogue, or fix the file name (names are case-sensitive).'));
  }
  for (const [field, mode] of [['accent', 'light'], ['accentDark', 'dark']] as const) {
    const value = str(theme[field]);
    if (!value || !HEX_COLOUR.test(value)) continue; // absent (the default passes), or wrong (the schema says so)
    const failure = contrastProblem(field, value, mode);
    if (failure) problems.push(error('low-contrast', 'site.yaml', at(field), failure.message, failure.hint));
  }
  return problems;
}

/** An accent's contrast with each background of its mode, the page background first, each colour once. */
export function accentContrasts(accent: string, mode: ColourMode): { name: string; background: string; ratio: number }[] {
  const seen = new Set<string>();
  return Object.entries(BACKGROUNDS[mode])
    .filter(([, background]) => !seen.has(background) && seen.add(background))
    .map(([name, background]) => ({ name, background, ratio: contrastRatio(accent, background) }));
}

/** What is wrong with an accent of this mode, and a shade that would do; undefined when it passes. */
export function contrastProblem(field: 'accent' | 'accentDark', value: string, mode: ColourMode): { message: string; hint: string } | undefined {
  const colour = normaliseHex(value);
  const failing = accentContrasts(colour, mode).filter((c) => c.ratio < AA_TEXT);
  if (!failing.length) return undefined;
  const [first, ...others] = failing;
  const also = others.map((c) => `; on the ${mode} ${c.name} ${c.background}, ${formatRatio(c.ratio)}`).join('');
  const message = `${field === 'accent' ? 'Accent' : 'Dark-mode accent'} ${colour} as text on the ${mode} ${first!.name} ${first!.background}: contrast ${formatRatio(first!.ratio)}, needs ${formatRatio(AA_TEXT)} (WCAG AA)${also}.`;
  const backgrounds = accentContrasts(colour, mode).map((c) => c.background);
  const shade = nearestPassing(colour, backgrounds, AA_TEXT);
  const direction = mode === 'light' ? 'darker' : 'lighter';
  const uses = `The accent colours links, buttons and the focus ring in ${mode} mode, so it must read as text on the page.`;
  const lowest = (c: string) => Math.min(...accentContrasts(c, mode).map((x) => x.ratio));
  const hint = shade
    ? `Use a ${direction} shade such as "${shade}" (${formatRatio(lowest(shade))} or more on the ${mode} backgrounds), or another colour with ${formatRatio(AA_TEXT)} on ${listed(backgrounds)}. ${uses}`
    : `Use a ${direction} colour. ${uses}`;
  return { message, hint };
}

