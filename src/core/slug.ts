// The service slug rule of PRODUCT.md, applied "in that spirit": the listed rules first, then anything
// that is still not a lowercase letter, digit or hyphen is dropped so every slug is a clean URL segment.
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents: "café" → "cafe"
    .replace(/&/g, ' and ')
    .replace(/[[\]()"',+@_#$%]/g, '')
    .replace(/[./\s]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The page address part of a service: its own `slug` when it has one, else the rule applied to its name. */
export const serviceSlug = (service: { name: string; slug?: string }) => service.slug ?? slugify(service.name);

// Cyrillic and Greek letters drawn like Latin ones, with the Latin letter they pass for. In a Latin name they
// are nearly always a paste from elsewhere (or a lure), and the slug rule would drop them without a word.
const LATIN_LOOK_ALIKES: Readonly<Record<string, string>> = {
  а: 'a', в: 'B', е: 'e', к: 'k', м: 'M', н: 'H', о: 'o', р: 'p', с: 'c', т: 'T', у: 'y', х: 'x',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', ѕ: 's',
  і: 'i', ј: 'j', І: 'I', Ј: 'J', Ѕ: 'S', ԁ: 'd', ԛ: 'q', ԝ: 'w',
  α: 'a', ο: 'o', ν: 'v', ρ: 'p', τ: 't', υ: 'u', ι: 'i', κ: 'k',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
};

export interface LookAlike {
  /** The letter as written, e.g. the Cyrillic "а". */
  letter: string;
  /** Its code point, e.g. "U+0430". */
  codePoint: string;
  /** The Latin letter it looks like. */
  latin: string;
}

/** Letters of other scripts that look like Latin ones, in a name that is otherwise written in Latin letters. */
export function lookAlikes(name: string): LookAlike[] {
  if (!/[a-z]/i.test(name)) return [];
  const found = new Map<string, LookAlike>();
  for (const letter of name) {
    const latin = LATIN_LOOK_ALIKES[letter];
    if (latin) found.set(letter, { letter, latin, codePoint: `U+${letter.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` });
  }
  return [...found.values()];
}
