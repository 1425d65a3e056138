// The --keep-for option's durations: a module of its own, so that the CLI can check the option without loading
// the deploy's plan (and zod, which every other command's start would pay for).

/** '7d', '12h', '30m', '45s', '2w' or '0' in milliseconds; undefined when it is none of these. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(s|m|h|d|w)?$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[(match[2] ?? 's') as 's'];
  const amount = Number(match[1]);
  if (amount !== 0 && !match[2]) return undefined; // a bare number other than 0 is ambiguous
  return amount * unit;
}
