// subset-font ships no types; this is the part of its API the build uses.
declare module 'subset-font' {
  interface Options {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    /** OpenType feature tags whose glyphs and rules are kept (default: all of them). */
    keepFeatures?: string[];
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }
  export default function subsetFont(font: Uint8Array, text: string, options?: Options): Promise<Buffer>;
}
