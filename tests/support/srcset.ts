// How a browser picks from a srcset: the `sizes` forms src/core/images.ts writes, evaluated for a viewport, and
// the candidate it takes at worst. For the image tests (imageVariants.test.ts, images.test.ts).

/** A `sizes` value of the forms src/core/images.ts uses, evaluated for a viewport (1rem = 1em = 16 px). */
export function slotWidth(sizes: string, viewport: number): number {
  const px = (value: number, unit: string) => (unit === 'px' ? value : unit === 'vw' ? (value * viewport) / 100 : value * 16);
  const length = (text: string): number => {
    const calc = /^calc\((\d+(?:\.\d+)?)(vw|px|rem) - (\d+(?:\.\d+)?)(px|rem)\)$/.exec(text);
    if (calc) return px(Number(calc[1]), calc[2]!) - px(Number(calc[3]), calc[4]!);
    const plain = /^(\d+(?:\.\d+)?)(px|rem|em|vw)$/.exec(text);
    if (!plain) throw new Error(`a length this helper does not read: ${text}`);
    return px(Number(plain[1]), plain[2]!);
  };
  for (const entry of sizes.split(/,\s*(?![^()]*\))/)) {
    const conditional = /^\(min-width: (\d+(?:\.\d+)?)(px|rem|em)\) (.+)$/.exec(entry);
    if (!conditional) return length(entry);
    if (viewport >= px(Number(conditional[1]), conditional[2]!)) return length(conditional[3]!);
  }
  throw new Error(`sizes without a default: ${sizes}`);
}

/** The candidate a browser takes at worst: the narrowest at least as dense as the screen, else the widest. */
export function pick(srcset: string, slot: number, devicePixelRatio: number): string {
  const candidates = srcset.split(', ').map((c) => ({ url: c.split(' ')[0]!, width: Number(c.split(' ')[1]!.slice(0, -1)) }));
  return (candidates.find((c) => c.width / slot >= devicePixelRatio) ?? candidates.at(-1)!).url;
}
