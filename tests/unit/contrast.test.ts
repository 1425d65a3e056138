// WCAG contrast (src/catalogue/contrast.ts) and the accent checks built on it (themeChecks.ts).
import { describe, expect, it } from 'vitest';
import { contrastRatio, formatRatio, fromHsl, mix, nearestPassing, normaliseHex, parseHex, relativeLuminance, toHex, toHsl } from '../../src/catalogue/contrast.ts';
import { contrastProblem } from '../../src/catalogue/themeChecks.ts';

describe('contrast', () => {
  it('reads #rgb and #rrggbb in any case, and refuses anything else', () => {
    expect(parseHex('#6425D0')).toEqual([100, 37, 208]);
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(normaliseHex('#ABC')).toBe('#aabbcc');
    for (const bad of ['6425d0', '#6425d', 'red', '#gggggg']) expect(() => parseHex(bad)).toThrow();
  });

  it('has the luminance and ratios WCAG gives', () => {
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2); // the classic grey that just fails
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2); // and the one that just passes
    expect(contrastRatio('#ffffff', '#767676')).toBe(contrastRatio('#767676', '#ffffff'));
  });

  it('shows a ratio cut to one decimal, so a ratio just short never reads as reaching the threshold', () => {
    expect(formatRatio(contrastRatio('#777777', '#ffffff'))).toBe('4.4:1');
    expect(formatRatio(4.5)).toBe('4.5:1');
    expect(formatRatio(21)).toBe('21.0:1');
  });

  it('mixes as CSS color-mix in srgb does, and goes to HSL and back', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#6425d0', '#ffffff', 0)).toBe('#ffffff');
    for (const colour of ['#6425d0', '#a78bfa', '#0d0c15', '#ffd400', '#808080']) expect(toHex(fromHsl(toHsl(parseHex(colour))))).toBe(colour);
  });

  it('finds the nearest shade of the same hue that passes, darker on light backgrounds and lighter on dark ones', () => {
    const darker = nearestPassing('#a78bfa', ['#ffffff', '#f6f5fb'], 4.5)!;
    expect(contrastRatio(darker, '#f6f5fb')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(darker)).toBeLessThan(relativeLuminance('#a78bfa'));
    expect(toHsl(parseHex(darker))[0]).toBeCloseTo(toHsl(parseHex('#a78bfa'))[0], -1);
    // As little as it takes: one step lighter fails.
    const [h, s, l] = toHsl(parseHex(darker));
    expect(contrastRatio(toHex(fromHsl([h, s, l + 0.01])), '#f6f5fb')).toBeLessThan(4.5);

    const lighter = nearestPassing('#5b21b6', ['#0d0c15'], 4.5)!;
    expect(contrastRatio(lighter, '#0d0c15')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(lighter)).toBeGreaterThan(relativeLuminance('#5b21b6'));

    expect(nearestPassing('#6425d0', ['#ffffff'], 4.5)).toBe('#6425d0');
    expect(nearestPassing('#808080', ['#808080'], 21)).toBeUndefined();
  });
});

describe('an accent that falls short', () => {
  it('is named with the background it fails on, its ratio and what it needs, with a shade that passes', () => {
    const problem = contrastProblem('accent', '#A78BFA', 'light')!;
    expect(problem.message).toBe('Accent #a78bfa as text on the light background #ffffff: contrast 2.7:1, needs 4.5:1 (WCAG AA); on the light surface #f6f5fb, 2.5:1.');
    const shade = /such as "(#[0-9a-f]{6})"/.exec(problem.hint)![1]!;
    expect(contrastProblem('accent', shade, 'light')).toBeUndefined();
    expect(problem.hint).toMatch(/darker shade/);
  });

  it('in dark mode, against the dark backgrounds, with a lighter shade', () => {
    const problem = contrastProblem('accentDark', '#6425d0', 'dark')!;
    expect(problem.message).toMatch(/^Dark-mode accent #6425d0 as text on the dark background #0d0c15: contrast 2\.\d:1, needs 4\.5:1/);
    expect(problem.message).toMatch(/dark raised surface #1b1a27/);
    const shade = /such as "(#[0-9a-f]{6})"/.exec(problem.hint)![1]!;
    expect(contrastProblem('accentDark', shade, 'dark')).toBeUndefined();
    expect(problem.hint).toMatch(/lighter shade/);
  });

  it('passes when it reads on every background: the example catalogue\'s colours', () => {
    expect(contrastProblem('accent', '#6425d0', 'light')).toBeUndefined();
    expect(contrastProblem('accentDark', '#b69cff', 'dark')).toBeUndefined();
  });
});
