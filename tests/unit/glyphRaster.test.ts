// The glyph rasteriser: coverage exact to the edges' area, and the same mask wherever and with whatever else it runs.
import { describe, expect, it } from 'vitest';
import { glyphCoverage } from '../../src/build/glyphRaster.ts';
import type { Outline } from '../../src/build/typesetter.ts';

/** A rectangle in font units (y up), counter-clockwise or clockwise. */
const rectangle = (x0: number, y0: number, x1: number, y1: number, clockwise = false): Outline => {
  const corners = [x0, y0, x1, y0, x1, y1, x0, y1];
  const points = clockwise ? [x0, y0, x0, y1, x1, y1, x1, y0] : corners;
  return [{ type: 'M', values: points.slice(0, 2) }, ...[2, 4, 6].map((i) => ({ type: 'L', values: points.slice(i, i + 2) })), { type: 'Z', values: [] }];
};

const rows = (mask: Uint8Array, width: number) => Array.from({ length: mask.length / width }, (_, r) => [...mask.subarray(r * width, (r + 1) * width)]);

describe('glyphCoverage', () => {
  it('covers whole pixels fully and the half-covered ones by half, whichever way the contour runs', () => {
    // 1 unit = 1 pixel; y up in the font, so a square from y 0 to 2 lands in rows 1 and 2 of a mask whose origin is row 3.
    for (const clockwise of [false, true]) {
      const mask = glyphCoverage(rectangle(1, 0, 2.5, 2, clockwise), 1, 0, 3, 4, 4);
      expect(rows(mask, 4)).toEqual([
        [0, 0, 0, 0],
        [0, 255, 128, 0],
        [0, 255, 128, 0],
        [0, 0, 0, 0],
      ]);
    }
  });

  it('leaves a hole where an inner contour runs the other way', () => {
    const mask = glyphCoverage([...rectangle(0, 0, 3, 3), ...rectangle(1, 1, 2, 2, true)], 1, 0, 3, 3, 3);
    expect(rows(mask, 3)).toEqual([
      [255, 255, 255],
      [255, 0, 255],
      [255, 255, 255],
    ]);
  });

  it('fills a disc of curves to within a pixel of its area', () => {
    // A circle of radius 10 pixels from four quadratic arcs (each within 0.3 % of the circle's radius).
    const c = Math.SQRT1_2 * 10;
    const arcs = [[10, 0], [c, c], [0, 10], [-c, c], [-10, 0], [-c, -c], [0, -10], [c, -c], [10, 0]];
    const outline: Outline = [{ type: 'M', values: [10, 0] }];
    for (let i = 1; i < arcs.length; i++) {
      const [x, y] = arcs[i]!;
      const [px, py] = arcs[i - 1]!;
      const angle = Math.atan2(py! + y!, px! + x!);
      outline.push({ type: 'Q', values: [(Math.cos(angle) * 10) / Math.cos(Math.PI / 8), (Math.sin(angle) * 10) / Math.cos(Math.PI / 8), x!, y!] });
    }
    const mask = glyphCoverage(outline, 1, 12, 12, 24, 24);
    const area = mask.reduce((sum, a) => sum + a / 255, 0);
    expect(Math.abs(area - Math.PI * 100)).toBeLessThan(3);
    expect(mask[12 * 24 + 12]).toBe(255);
    expect(mask[0]).toBe(0);
  });
});
