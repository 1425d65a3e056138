// Draws the example catalogue's raster images: a few services show a PNG or a JPEG rather than an SVG, so the
// example exercises the image stage (src/build/images.ts) as a maintainer's photos would. Each is an SVG scene
// rendered by sharp at 1120 × 672 px (twice the 560 × 336 a service page shows), with a film grain drawn from a
// seeded random sequence, so a second run writes the same files. Nothing is downloaded.
//
//   node scripts/make-example-images.ts        (Node 24: npx node …, or through npm's node)
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const ROOT = new URL('../', import.meta.url).pathname;
const W = 1120;
const H = 672;

/** A seeded sequence in [0, 1) (mulberry32): the same scene on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Grey noise around the middle grey, for a soft-light blend: texture where a photo has it, no change in tone. */
function grain(seed: number, strength: number): Buffer {
  const next = random(seed);
  const pixels = Buffer.alloc(W * H * 3);
  for (let i = 0; i < W * H; i++) {
    const v = Math.round(128 + (next() + next() + next() - 1.5) * strength);
    pixels.fill(Math.max(0, Math.min(255, v)), i * 3, i * 3 + 3);
  }
  return pixels;
}

const svg = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`);

/** Out-of-focus lights: blurred circles of the given colours, placed by the seed. */
function bokeh(seed: number, count: number, colours: string[], area: { y0: number; y1: number }): string {
  const next = random(seed);
  const circles = Array.from({ length: count }, () => {
    const r = 14 + next() * 46;
    const colour = colours[Math.floor(next() * colours.length)]!;
    return `<circle cx="${(next() * W).toFixed(0)}" cy="${(area.y0 + next() * (area.y1 - area.y0)).toFixed(0)}" r="${r.toFixed(0)}" fill="${colour}" fill-opacity="${(0.25 + next() * 0.5).toFixed(2)}"/>`;
  });
  return `<g filter="url(#soft)">${circles.join('')}</g>`;
}

/** A billboard over a city at night: a photo-like scene (JPEG). */
function billboard(): Buffer {
  const next = random(7);
  const towers = Array.from({ length: 14 }, (_, i) => {
    const w = 60 + next() * 70;
    const h = 160 + next() * 260;
    const x = i * 82 - 20 + next() * 20;
    const windows = Array.from({ length: Math.floor(h / 26) * 3 }, (_, k) =>
      next() < 0.45 ? `<rect x="${(x + 10 + (k % 3) * (w / 3.2)).toFixed(0)}" y="${(H - h + 14 + Math.floor(k / 3) * 26).toFixed(0)}" width="9" height="12" fill="#fde68a" fill-opacity="${(0.4 + next() * 0.6).toFixed(2)}"/>` : '',
    ).join('');
    return `<rect x="${x.toFixed(0)}" y="${(H - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="#0b1026"/>${windows}`;
  }).join('');
  return svg(`
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset=".55" stop-color="#312e81"/><stop offset="1" stop-color="#7c3aed"/></linearGradient>
      <linearGradient id="board" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#22d3ee"/><stop offset="1" stop-color="#0e7490"/></linearGradient>
      <radialGradient id="glow"><stop offset="0" stop-color="#67e8f9" stop-opacity=".55"/><stop offset="1" stop-color="#67e8f9" stop-opacity="0"/></radialGradient>
      <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="9"/></filter>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    ${bokeh(3, 38, ['#f472b6', '#fbbf24', '#a78bfa', '#38bdf8'], { y0: 60, y1: 420 })}
    <ellipse cx="560" cy="250" rx="420" ry="250" fill="url(#glow)"/>
    ${towers}
    <rect x="546" y="330" width="28" height="300" fill="#1e1b4b"/>
    <rect x="330" y="110" width="460" height="250" rx="14" fill="url(#board)" stroke="#e0f2fe" stroke-width="10"/>
    <circle cx="460" cy="235" r="70" fill="#a5f3fc" stroke="#fff" stroke-width="12"/>
    <circle cx="460" cy="235" r="26" fill="none" stroke="#fff" stroke-width="12"/>
    <rect x="560" y="180" width="180" height="22" rx="11" fill="#fff"/>
    <rect x="560" y="224" width="140" height="18" rx="9" fill="#e0f2fe" fill-opacity=".85"/>
    <rect x="560" y="262" width="160" height="18" rx="9" fill="#e0f2fe" fill-opacity=".85"/>`);
}

/** A price chart on a card: a flat illustration (PNG, as a drawing would be). */
function chart(): Buffer {
  const next = random(11);
  let close = 450;
  const candles = Array.from({ length: 16 }, (_, i) => {
    const open = close;
    close = Math.max(240, Math.min(480, open - 30 + next() * 38));
    const up = close < open;
    const top = Math.min(open, close);
    const x = 330 + i * 30;
    return `<path d="M${x + 9} ${(top - 14 - next() * 16).toFixed(0)}V${(Math.max(open, close) + 14 + next() * 16).toFixed(0)}" stroke="#c7d2fe" stroke-width="3"/><rect x="${x}" y="${top.toFixed(0)}" width="18" height="${Math.max(6, Math.abs(open - close)).toFixed(0)}" rx="3" fill="${up ? '#34d399' : '#f87171'}"/>`;
  }).join('');
  return svg(`
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#818cf8"/><stop offset="1" stop-color="#4338ca"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#g)"/>
    <circle cx="110" cy="80" r="280" fill="#fff" fill-opacity=".1"/>
    <circle cx="1040" cy="620" r="190" fill="#fff" fill-opacity=".08"/>
    <rect x="290" y="130" width="540" height="410" rx="34" fill="#1e1b4b" fill-opacity=".55" stroke="#fff" stroke-width="10"/>
    <rect x="330" y="170" width="150" height="22" rx="11" fill="#fff"/>
    <rect x="690" y="170" width="100" height="22" rx="11" fill="#34d399"/>
    ${candles}
    <circle cx="870" cy="150" r="78" fill="#fbbf24" stroke="#fff" stroke-width="10"/>
    <path d="M846 150h48M870 122v56" stroke="#fff" stroke-width="12" stroke-linecap="round"/>`);
}

/** Code in an editor on a dark desk: a screenshot-like scene (JPEG). */
function editor(): Buffer {
  const next = random(23);
  const colours = ['#34d399', '#60a5fa', '#f472b6', '#fbbf24', '#e2e8f0', '#a78bfa'];
  const lines = Array.from({ length: 15 }, (_, i) => {
    let x = 300 + (i % 5 === 0 ? 0 : 28 * (1 + Math.floor(next() * 3)));
    const words = Array.from({ length: 1 + Math.floor(next() * 4) }, () => {
      const w = 30 + next() * 110;
      const word = `<rect x="${x.toFixed(0)}" y="${176 + i * 26}" width="${w.toFixed(0)}" height="12" rx="6" fill="${colours[Math.floor(next() * colours.length)]}"/>`;
      x += w + 14;
      return word;
    });
    return words.join('');
  }).join('');
  return svg(`
    <defs>
      <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#475569"/><stop offset="1" stop-color="#0f172a"/></linearGradient>
      <radialGradient id="glow"><stop offset="0" stop-color="#34d399" stop-opacity=".35"/><stop offset="1" stop-color="#34d399" stop-opacity="0"/></radialGradient>
      <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="12"/></filter>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#g)"/>
    ${bokeh(5, 22, ['#34d399', '#60a5fa', '#94a3b8'], { y0: 0, y1: H })}
    <ellipse cx="560" cy="330" rx="480" ry="300" fill="url(#glow)"/>
    <rect x="250" y="110" width="620" height="470" rx="22" fill="#0f172a" stroke="#334155" stroke-width="6"/>
    <rect x="250" y="110" width="620" height="44" rx="22" fill="#1e293b"/>
    <circle cx="284" cy="132" r="8" fill="#f87171"/><circle cx="310" cy="132" r="8" fill="#fbbf24"/><circle cx="336" cy="132" r="8" fill="#34d399"/>
    ${lines}
    <rect x="210" y="586" width="700" height="22" rx="11" fill="#1e293b"/>`);
}

const images: { file: string; draw: () => Buffer; grain: number; format: 'jpeg' | 'png' }[] = [
  { file: 'img/services/billboards-1.jpg', draw: billboard, grain: 34, format: 'jpeg' },
  { file: 'img/services/listing-2.png', draw: chart, grain: 0, format: 'png' },
  { file: 'img/services/development-1.jpg', draw: editor, grain: 26, format: 'jpeg' },
];

for (const image of images) {
  let scene = sharp(image.draw()).flatten({ background: '#000' });
  if (image.grain) {
    // The grain is blended into the rendered scene, so the scene is rendered to pixels first.
    const pixels = await scene.removeAlpha().raw().toBuffer();
    scene = sharp(pixels, { raw: { width: W, height: H, channels: 3 } }).composite([{ input: grain(image.file.length, image.grain), raw: { width: W, height: H, channels: 3 }, blend: 'soft-light' }]);
  }
  const bytes = image.format === 'jpeg' ? await scene.jpeg({ quality: 82, mozjpeg: true }).toBuffer() : await scene.png({ palette: true, quality: 90, effort: 10 }).toBuffer();
  await writeFile(join(ROOT, 'examples/agency/catalogue', image.file), bytes);
  console.log(`${image.file}: ${W} × ${H} px, ${(bytes.byteLength / 1024).toFixed(0)} KB`);
}
