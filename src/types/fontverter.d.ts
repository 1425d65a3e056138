// fontverter (a dependency of subset-font, used directly by src/build/socialImages.ts) ships no types.
declare module 'fontverter' {
  /** Converts a font between sfnt (TrueType/OpenType), woff and woff2. */
  export function convert(font: Uint8Array, toFormat: 'sfnt' | 'woff' | 'woff2', fromFormat?: string): Promise<Buffer>;
  const fontverter: { convert: typeof convert };
  export default fontverter;
}
