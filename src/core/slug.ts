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
