// The brand mark: shown beside the brand name in the header and footer and drawn as the favicon. One place,
// because the build also needs it (its SVG is written whatever the catalogue's text holds: src/build/emoji.ts).
export const BRAND_EMOJI = '🚀';
