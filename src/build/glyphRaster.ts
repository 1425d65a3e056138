// A glyph's outline filled into a coverage mask, one byte a pixel, by the signed-area accumulation of
// font-rs (Raph Levien): each edge adds the area it covers to the cells it crosses, and a running sum along the
// rows gives each pixel's coverage, exact to the edges' area. One librsvg call through sharp a glyph cost about
// 2 ms of queueing on libuv's threads a mask, and the small sites' cards need hundreds of masks.
import type { Outline } from './typesetter.ts';

/** How far (in pixels) the lines a curve is cut into may stray from it. */
const TOLERANCE = 0.05;

/** The outline (font units, y up) scaled by `scale`, its origin at pixel (x, y) with y down, filled (nonzero, as
 *  far as overlapping contours add up to full coverage) into a width × height mask. */
export function glyphCoverage(outline: Outline, scale: number, x: number, y: number, width: number, height: number): Uint8Array {
  const cells = new Float64Array(width * height + 2);
  const line = lineDrawer(cells, width, height);
  let startX = 0;
  let startY = 0;
  let penX = 0;
  let penY = 0;
  const to = (px: number, py: number) => {
    line(penX, penY, px, py);
    penX = px;
    penY = py;
  };
  for (const { type, values } of outline) {
    const p = values.map((v, i) => (i % 2 === 0 ? x + v * scale : y - v * scale));
    if (type === 'M') {
      to(startX, startY);
      startX = penX = p[0]!;
      startY = penY = p[1]!;
    } else if (type === 'L') to(p[0]!, p[1]!);
    else if (type === 'Q') quadratic(penX, penY, p, to);
    else if (type === 'C') cubic(penX, penY, p, to);
    else if (type === 'Z') to(startX, startY);
  }
  to(startX, startY);
  const mask = new Uint8Array(width * height);
  for (let i = 0, sum = 0; i < mask.length; i++) {
    sum += cells[i]!;
    mask[i] = Math.round(Math.min(1, Math.abs(sum)) * 255);
  }
  return mask;
}

/** A quadratic curve from the pen through control point (p0, p1) to (p2, p3), as lines. */
function quadratic(x0: number, y0: number, [cx, cy, x1, y1]: number[], to: (x: number, y: number) => void): void {
  const dx = x0 - 2 * cx! + x1!;
  const dy = y0 - 2 * cy! + y1!;
  const steps = pieces(dx * dx + dy * dy);
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    to(u * u * x0 + 2 * u * t * cx! + t * t * x1!, u * u * y0 + 2 * u * t * cy! + t * t * y1!);
  }
}

/** A cubic curve from the pen through (c1, c2) to its end, as lines. */
function cubic(x0: number, y0: number, [ax, ay, bx, by, x1, y1]: number[], to: (x: number, y: number) => void): void {
  const deviation = Math.max((x0 - 2 * ax! + bx!) ** 2 + (y0 - 2 * ay! + by!) ** 2, (ax! - 2 * bx! + x1!) ** 2 + (ay! - 2 * by! + y1!) ** 2);
  const steps = pieces(deviation);
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    to(u * u * u * x0 + 3 * u * u * t * ax! + 3 * u * t * t * bx! + t * t * t * x1!, u * u * u * y0 + 3 * u * u * t * ay! + 3 * u * t * t * by! + t * t * t * y1!);
  }
}

/** Lines enough that a curve whose control points' second difference is √deviation long strays less than
 *  TOLERANCE from them: a quadratic strays a quarter of it from its chord, and n pieces a quarter of that / n². */
const pieces = (deviation: number) => Math.max(1, Math.ceil(Math.sqrt(Math.sqrt(deviation) / (4 * TOLERANCE))));

/** Adds a line's signed area to the cells it crosses: the row's later cells get the rest of it, through the sum. */
function lineDrawer(cells: Float64Array, width: number, height: number) {
  const add = (at: number, area: number) => (cells[at] = cells[at]! + area);
  return (ax: number, ay: number, bx: number, by: number): void => {
    if (Math.abs(ay - by) <= 1e-6) return;
    const down = ay < by;
    const dir = down ? 1 : -1;
    const [x0, y0, x1, y1] = down ? [ax, ay, bx, by] : [bx, by, ax, ay];
    const dxdy = (x1 - x0) / (y1 - y0);
    let x = y0 < 0 ? x0 - y0 * dxdy : x0;
    for (let row = Math.max(0, Math.floor(y0)); row < Math.min(height, Math.ceil(y1)); row++) {
      const start = row * width;
      const dy = Math.min(row + 1, y1) - Math.max(row, y0);
      const next = x + dxdy * dy;
      const d = dy * dir;
      const left = Math.min(x, next);
      const right = Math.max(x, next);
      const li = Math.floor(left);
      const ri = Math.ceil(right);
      if (start + li < 0) {
        x = next;
        continue;
      }
      if (ri <= li + 1) {
        const middle = 0.5 * (x + next) - li;
        add(start + li, d - d * middle);
        add(start + li + 1, d * middle);
      } else {
        const s = 1 / (right - left);
        const lf = left - li;
        const a0 = 0.5 * s * (1 - lf) * (1 - lf);
        const rf = right - ri + 1;
        const am = 0.5 * s * rf * rf;
        add(start + li, d * a0);
        if (ri === li + 2) add(start + li + 1, d * (1 - a0 - am));
        else {
          const a1 = s * (1.5 - lf);
          add(start + li + 1, d * (a1 - a0));
          for (let xi = li + 2; xi < ri - 1; xi++) add(start + xi, d * s);
          const a2 = a1 + (ri - li - 3) * s;
          add(start + ri - 1, d * (1 - a2 - am));
        }
        add(start + ri, d * am);
      }
      x = next;
    }
  };
}
