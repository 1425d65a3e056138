// The catalogue's file formats. These zod schemas are the single source of the catalogue types, of the
// JSON Schema files editors use (see jsonSchema.ts), and of the descriptions shown in error hints.
import { z } from 'zod';
import { splitEmoji } from '../core/emoji.ts';
import { PRICE_MAX } from '../core/price.ts';
import { siteAddressFaults, unreadableAddressPart } from '../core/siteAddress.ts';
import { listed } from '../core/words.ts';
import { HEX_COLOUR } from './contrast.ts';

/** The longest card summary: one line on a phone's card, two at most. */
export const SUMMARY_MAX = 100;

/** The longest response-time promise: one line beside the contact buttons, even on a phone. */
export const RESPONSE_TIME_MAX = 80;

/** Whole dollars or dollars and cents: 3.6 and 3.60 are the same number; 0.0001 is not a price. */
const hasCents = (price: number) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

/** A price in US dollars: the same rules for a service's price and each of its options'. */
const priceSchema = (description: string) =>
  z
    .number({ message: 'expected a number' })
    .nonnegative({ message: 'expected a price of 0 or more' })
    .max(PRICE_MAX, { message: `expected a price of at most ${PRICE_MAX.toLocaleString('en-US')} dollars` })
    .refine(hasCents, { message: 'expected dollars with at most two decimals (cents), e.g. 3.60' })
    .meta({ description });

/** Text shown on the site has no control characters (a YAML escape such as "\x07" or "\e[31m" puts one in a name,
 *  and then in the page's address, its title and its head), but for tabs and line breaks. */
export const withoutControlCharacters = (schema: z.ZodString) =>
  schema.regex(/^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/, { message: 'expected text without control characters (an escape such as "\\x07" or "\\e" in quotes makes one)' });

const text = (description: string) => withoutControlCharacters(z.string().trim().min(1, { message: 'expected some text, not an empty one' })).meta({ description });

/**
 * A list's most items, checked with its items: zod's own .max() stops before them, so a list one item too long hid
 * every problem of its items until it was cut. Its meta names maxItems for the JSON Schema editors read. It runs
 * only on a list: an empty field (null) or another type has its own problem already.
 */
export const atMostItems = (max: number, message: string) =>
  z.superRefine((items: readonly unknown[], context) => {
    if (items.length > max) context.addIssue({ code: 'too_big', maximum: max, origin: 'array', inclusive: true, input: items, message });
  }, { when: ({ value }) => Array.isArray(value) });

/** Lowercase words joined by single hyphens: anchors, prefixes, alternative slugs. */
export const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A file name inside one of the catalogue's image folders (no folders, no `..`). */
const imageFile = (folder: string) =>
  z
    .string()
    .regex(/^[\w.-]+\.(svg|png|jpe?g|webp|avif)$/i, { message: `expected an image file name of letters, digits, "-", "_" and "." ending in .svg, .png, .jpg, .webp or .avif, such as "logo.svg"` })
    .meta({ description: `Image file name inside catalogue/img/${folder}/ (svg, png, jpg, webp or avif).` });

/** An address with its scheme and a host with a dot in it, as absoluteUrl asks. */
const ABSOLUTE_URL = /^https?:\/\/[^/\s]+\.[^/\s]+/;

export const absoluteUrl = z
  .string()
  .regex(ABSOLUTE_URL, { message: 'expected an absolute URL that starts with https://' })
  .superRefine((value, context) => {
    if (ABSOLUTE_URL.test(value) && !URL.canParse(value)) context.addIssue({ code: 'custom', input: value, message: `expected an address a browser can open, but ${unreadableAddressPart(value)}` });
  })
  .meta({ description: 'An absolute URL, starting with https:// (or http://).' });

export const linkSchema = z.strictObject({
  label: text('The link text visitors see.'),
  href: z
    .string()
    .regex(/^(https?:\/\/|mailto:|\/)/, { message: 'expected a link starting with https://, mailto: or /' })
    .meta({ description: 'Where the link goes: https://…, mailto:… or a path on this site such as /sitemap/.' }),
});

/** The accent when site.yaml gives none: a plain blue with 4.5:1 or more on every light background. */
export const DEFAULT_ACCENT = '#2b5bc8';
/** The fonts a site can use: Inter, bundled, subset and self-hosted; or the device's own interface font. */
export const FONTS = ['inter', 'system'] as const;

const isOneEmoji = (value: string) => {
  const parts = splitEmoji(value);
  return parts.length === 1 && typeof parts[0] !== 'string';
};
const brandFile = /^[\w.-]+\.(svg|png|jpe?g|webp|avif)$/i;
/** A logo: one emoji, drawn from its SVG like every emoji of the site, or an image file in img/brand/. */
const logo = (description: string) =>
  z
    .string()
    .trim()
    .refine((value) => brandFile.test(value) || isOneEmoji(value), { message: 'expected one emoji such as "🚀", or an image file name in img/brand/ such as "logo.svg"' })
    .meta({ description });
const colour = (description: string) =>
  z
    .string()
    .regex(HEX_COLOUR, { message: 'expected a colour written "#rrggbb", such as "#6425d0"' })
    .meta({ description: `${description} Write it in quotes, "#6425d0": unquoted, YAML reads # as the start of a comment.` });

export const themeSchema = z
  .strictObject({
    logo: logo(
      'The mark beside the brand name in the header and footer, and the favicon: one emoji ("🚀"), or an image file in img/brand/ ("logo.svg"; SVG stays sharp at every size). Without it, the name stands alone.',
    ).optional(),
    logoDark: logo('Optional: the logo in dark mode, for a logo that does not read on a dark background (an emoji or a file in img/brand/).').optional(),
    logoShowsName: z
      .boolean()
      .meta({ description: 'true when the logo image already spells the brand name (a wordmark): the header and footer then show the logo alone, with the brand name as its alt text.' })
      .default(false),
    favicon: z
      .string()
      .regex(/^[\w.-]+\.(svg|png)$/i, { message: 'expected an SVG or PNG file name in img/brand/, such as "favicon.svg"' })
      .optional()
      .meta({ description: 'Optional: the browser-tab icon, an SVG or a square PNG in img/brand/. By default it is made from the logo (or, without one, from the first letter of the brand).' }),
    touchIcon: z
      .string()
      .regex(/^[\w.-]+\.png$/i, { message: 'expected a PNG file name in img/brand/, such as "touch-icon.png"' })
      .optional()
      .meta({ description: 'Optional: the icon a phone shows for the site on its home screen, a square PNG in img/brand/ (180 × 180 px or larger). By default it is drawn from the favicon or logo on a white square.' }),
    socialImage: z
      .string()
      .regex(/^[\w.-]+\.(png|jpe?g)$/i, { message: 'expected a PNG or JPEG file name in img/brand/, such as "social.png"' })
      .optional()
      .meta({ description: 'Optional: the home page\'s link-preview image, a PNG or JPEG in img/brand/ of exactly 1200 × 630 px and at most 100 KB. By default the build draws one, as it does for every other page.' }),
    accent: colour('The accent colour in light mode: links, buttons, the current menu entry, figures and the focus ring. It needs a contrast of 4.5:1 with the light backgrounds (validate checks it).')
      .default(DEFAULT_ACCENT),
    accentDark: colour('Optional: the accent colour in dark mode, with 4.5:1 on the dark backgrounds. By default the light accent, lightened as far as that takes.').optional(),
    font: z
      .enum(FONTS, { message: 'expected "inter" or "system"' })
      .meta({ description: 'The font of the whole site: "inter" (Inter, bundled and self-hosted) or "system" (each device\'s own interface font: nothing to download).' })
      .default('inter'),
  })
  .meta({ description: 'The look of the site: "logo" (an emoji or an image in img/brand/), "accent" and "accentDark" colours, "font", and optional "logoDark", "favicon" and "touchIcon".' });

/** Two-letter region codes Intl names that ISO 3166-1 assigns to no country: CLDR's groupings (EU, EZ, UN, QO) and
 *  the ranges ISO leaves to private use (AA, QM-QZ, XA-XZ, ZZ), but for XK, which Kosovo uses. */
const NOT_A_COUNTRY = /^(?:EU|EZ|UN|QO|AA|Q[M-Z]|X[A-JL-Z]|ZZ)$/;

/** A country's English name from its ISO 3166-1 code ("GB" → "United Kingdom"); undefined for a code that names none,
 *  a grouping (EU) or an old or unofficial code Intl takes for another (UK for GB, SU, DD): the address in the
 *  site's structured data must be a code search engines read. */
export function countryName(code: string): string | undefined {
  // Intl throws on what is not a region code at all ("United Kingdom"): the regex's message says that one.
  if (!/^[A-Z]{2}$/.test(code) || NOT_A_COUNTRY.test(code) || currentCountryCode(code) !== code) return undefined;
  const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(code);
  return name && name !== code ? name : undefined;
}

/** The code Intl takes a region code for: itself, or the current code of an old or unofficial one (UK is GB). */
export const currentCountryCode = (code: string) => new Intl.Locale(`und-${code}`).region;

/** The earliest founding year taken: older is a typo (the current year is checked in organisationChecks.ts). */
export const FOUNDED_MIN = 1800;

const teamMemberSchema = z.strictObject({
  name: text('The person\'s name, as the About page shows it; also the alt text of their photo.').max(80),
  role: text('What they do for buyers, e.g. "Head of listings" or "Founder and director".').max(80),
  photo: z
    .string()
    .regex(/^[\w.-]+\.(svg|png|jpe?g|webp|avif)$/i, { message: 'expected an image file name in img/team/ such as "ada-lovelace.jpg"' })
    .meta({ description: 'Optional: a portrait in catalogue/img/team/ (svg, png, jpg, webp or avif), shown as a 96 px circle and published as it is: export it square, 192 × 192 px, well under 200 KB.' })
    .optional(),
});

export const organisationSchema = z
  .strictObject({
    legalName: text('The company\'s registered name, as the register writes it, e.g. "Astrolift Media Ltd". Shown in the footer and on the About page.').max(120),
    companyNumber: text('The number the company register gives the company, e.g. "12345678".').max(40),
    registry: text('Optional: the register that number is in, e.g. "Companies House, England and Wales". Shown beside the number.').max(80).optional(),
    address: z
      .strictObject({
        street: text('The street address of the registered office, e.g. "1 Example Street, Suite 4".').max(120),
        city: text('The town or city, e.g. "London".').max(60),
        region: text('Optional: the state, county or province, where addresses there name one.').max(60).optional(),
        postalCode: text('The postal code, e.g. "EC1A 1AA".').max(20),
        country: z
          .string()
          .regex(/^[A-Z]{2}$/, { message: 'expected a two-letter country code in capitals, such as "GB" or "US"', abort: true })
          .superRefine((code, context) => {
            if (countryName(code) !== undefined) return;
            const current = currentCountryCode(code);
            const instead = current !== code && current && countryName(current) ? ` ("${current}" is ${countryName(current)}'s)` : '';
            context.addIssue({ code: 'custom', input: code, message: `expected a country code of ISO 3166-1, such as "GB", "US" or "SG"${instead}` });
          })
          .meta({ description: 'The country, as its two-letter ISO 3166-1 code, e.g. "GB", "US", "SG": the site shows its name.' }),
      })
      .meta({ description: 'The registered office: "street", "city", optional "region", "postalCode" and "country" (a two-letter code).' }),
    founded: z
      .number({ message: 'expected a year such as 2019' })
      .int({ message: 'expected a year such as 2019' })
      .min(FOUNDED_MIN, { message: `expected a year from ${FOUNDED_MIN} on, such as 2019` })
      .meta({ description: 'The year the company was founded, e.g. 2019; not in the future.' }),
    team: z
      .array(teamMemberSchema)
      .min(1, { message: 'expected at least one person (or leave the field out)' })
      .check(atMostItems(24, 'expected at most 24 people: the About page shows each one'))
      .meta({ maxItems: 24, description: 'Optional: the people buyers deal with, each a "name", a "role" and an optional "photo" in img/team/, shown on the About page.' })
      .optional(),
  })
  .meta({
    description:
      'Optional: the agency\'s legal identity, shown in the footer, on a page with "show: organisation" (pages/about.md) and in the search engines\' Organization data: "legalName", "companyNumber", optional "registry", "address", "founded" and optional "team".',
  });

/** The longest source of a figure: one line of the notes under the figures, even on a phone's two. */
export const STAT_SOURCE_MAX = 120;

/** When a figure was measured: a month, YYYY-MM, or a day, YYYY-MM-DD. */
export const AS_OF = /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/;

/** Whether a YYYY-MM or YYYY-MM-DD date is one of the calendar (2026-02-30 is not). Any other text passes: the
 *  form is AS_OF's to judge, and one problem says it. */
export const isCalendarDate = (value: string) =>
  !AS_OF.test(value) || value.length === 7 || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

const AS_OF_FORMAT = 'expected a date written YYYY-MM or YYYY-MM-DD, e.g. 2026-03 or 2026-03-15';

const statSchema = z.strictObject({
  value: text('The figure, as visitors should read it: "$52M", "2700%", "32x".'),
  label: text('What the figure measures.'),
  source: text(`Where the figure comes from, shown in a note under the figures ("Source: …"), at most ${STAT_SOURCE_MAX} characters, e.g. "Agency client records, 2025 campaigns". validate warns about a figure without one.`)
    .max(STAT_SOURCE_MAX, { message: `expected at most ${STAT_SOURCE_MAX} characters: one line of the notes under the figures` })
    .optional(),
  sourceUrl: absoluteUrl
    .meta({ description: 'Optional: the address of a page with the source (https://…); the note links the source text to it.' })
    .optional(),
  asOf: z
    .string({ message: AS_OF_FORMAT })
    .regex(AS_OF, { message: AS_OF_FORMAT })
    .refine(isCalendarDate, { message: 'expected a real day of the calendar, e.g. 2026-02-28' })
    .meta({ description: 'When the figure was measured, written YYYY-MM (a month, 2026-03) or YYYY-MM-DD (a day); not in the future. The note says "as of March 2026". validate warns about a figure without one.' })
    .optional(),
});

export const siteSchema = z
  .strictObject({
    brand: text('The agency name, shown in the header, footer and page titles.'),
    theme: themeSchema.prefault({}),
    baseUrl: absoluteUrl.superRefine((value, context) => {
      // One the browser cannot read at all is absoluteUrl's to report.
      const faults = URL.canParse(value) ? siteAddressFaults(value) : [];
      if (faults.length) context.addIssue({ code: 'custom', input: value, message: `expected the address of the site's root, such as https://www.example.com, but it has ${listed(faults)}` });
    }).meta({
      description: 'The address the site is published at, e.g. https://www.example.com. Used for canonical links and sitemap.xml.',
    }),
    description: text('One or two sentences about the agency, used as the home page meta description.').max(300),
    contact: z.strictObject({
      email: z.email({ message: 'expected an e-mail address such as hello@example.com' }).meta({
        description: 'Where every order starts: the Contact buttons open a mail to this address.',
      }),
      messaging: linkSchema.meta({ description: 'A messaging-app link, e.g. a chat handle.' }),
      responseTime: text(`Optional: a promise shown beside the contact buttons, one short line of at most ${RESPONSE_TIME_MAX} characters, e.g. "We reply within 2 hours, 7 days a week".`)
        .max(RESPONSE_TIME_MAX, { message: `expected at most ${RESPONSE_TIME_MAX} characters: one short line beside the buttons` })
        .optional(),
      projectFields: z
        .array(text('A line the buyer fills in, e.g. "Budget".').max(40, { message: 'expected at most 40 characters: one short label' }))
        .min(1)
        .check(atMostItems(8, 'expected at most 8 lines: the buyer fills in every one'))
        .default(['Project name', 'Launch date', 'Budget', 'Links'])
        .meta({ maxItems: 8, description: 'Optional: the lines a buyer fills in at the end of every mail and quote, e.g. [Project name, Launch date, Budget, Links] (the default). Add what your quotes need, such as "Chain".' }),
    }).meta({ description: 'How buyers reach the agency: "email" (an address), "messaging" (a label and a chat link) and, optionally, "responseTime" (a short promise such as "We reply within 2 hours") and "projectFields" (the lines a buyer fills in).' }),
    hero: z.strictObject({
      title: text('The big headline on the home page, e.g. "We will make your token go viral 🚀".'),
      subtitle: text('One sentence under the headline.'),
    }).meta({ description: 'The top of the home page: "title" (the headline) and "subtitle" (one sentence under it).' }),
    stats: z
      .array(statSchema)
      .min(1)
      .check(atMostItems(6, 'expected at most 6 figures'))
      .meta({ maxItems: 6, description: 'Key figures shown under the hero (three look best), each a "value" and a "label", with a "source" and an "asOf" date shown in a note under the figures.' }),
    clients: z.strictObject({
      title: text('Heading of the clients block, e.g. "Trusted by well-known projects".'),
      text: text('The line under the logos.'),
      logos: z
        .array(z.strictObject({ name: text('The client project name (used as alt text).'), image: imageFile('clients') }))
        .min(1)
        .meta({ description: 'Client logos, shown in greyscale, 128 px wide.' }),
    }).meta({ description: 'The clients block of the home page: "title", "text" and "logos" (each a name and an image).' }),
    alternatives: z
      .array(
        z.strictObject({
          slug: z
            .string()
            .regex(kebab, { message: 'expected lowercase words joined by hyphens, e.g. "crypto-promoters-global"' })
            .meta({ description: 'The competitor part of /alternatives/alternative-to-{slug}/.' }),
          name: text('Display name when capitalising the slug would get it wrong, e.g. "ICODA".').optional(),
        }),
      )
      .meta({ description: 'Competitors that get an "Your alternative to …" page, linked from the footer.' }),
    footer: z
      .strictObject({
        links: z.array(linkSchema).default([]).meta({ description: 'Extra links for the footer\'s "Other" column.' }),
        columns: z
          .array(
            z.strictObject({
              title: text('The column\'s heading, e.g. "Company".').max(30, { message: 'expected at most 30 characters: a short heading' }),
              links: z
                .array(linkSchema)
                .min(1, { message: 'expected at least one link' })
                .check(atMostItems(12, 'expected at most 12 links in a column'))
                .meta({ maxItems: 12, description: 'The column\'s links, 1 to 12, each a "label" and an "href" (a page of the site such as /about/, or a full address).' }),
            }),
          )
          .check(atMostItems(3, 'expected at most 3 columns: the footer has room for three beside "Contact" and "Other"'))
          .default([])
          .meta({ maxItems: 3, description: 'Up to three more columns of links after "Other", each a "title" and its "links" (label and href), e.g. Company: About us, Careers.' }),
      })
      .optional(),
    organisation: organisationSchema.optional(),
    homeServicesPerCategory: z
      .number()
      .int({ message: 'expected a whole number' })
      .min(1, { message: 'expected 1 or more' })
      .max(48, { message: 'expected at most 48' })
      .default(6)
      .meta({ description: 'How many services each category shows on the home page (default 6); its "All n services" link leads to the rest.' }),
    categories: z
      .array(z.string().regex(kebab, { message: 'expected a category file name without .yaml, e.g. "listing"' }))
      .min(1)
      .meta({ description: 'The categories in menu order, each the name of a file in categories/ without ".yaml".' }),
  })
  .meta({ title: 'storefront site configuration', description: 'catalogue/site.yaml' });

const optionSchema = z.strictObject({
  label: text('What this option is, as the table shows it, e.g. "48 hours" or "Top 1-10".').max(60),
  price: priceSchema('The option\'s price in US dollars, with cents if needed; 0 shows as "Free".'),
  delivery: text('Optional delivery or run time of this option, e.g. "48 h".').max(40).optional(),
});

/** A list of other services' ids (checks.ts makes sure each exists). */
const serviceIds = (description: string, max: number) =>
  z
    .array(z.string().regex(/^[a-z0-9]+-\d+$/, { message: 'expected a service id such as "listing-3"' }))
    .min(1, { message: 'expected at least one service id (or leave the field out)' })
    .check(atMostItems(max, `expected at most ${max} service ids`))
    .meta({ maxItems: max, description })
    .optional();

export const serviceSchema = z.strictObject({
  id: z
    .string()
    .meta({ description: 'Unique id: the category\'s idPrefix, a hyphen and a number, e.g. "pressreleases-3". Never reuse one.' }),
  name: text('The service name as buyers read it. The page address (slug) is made from it.').max(120),
  slug: z
    .string()
    .max(80, { message: 'expected at most 80 characters' })
    .regex(kebab, { message: 'expected lowercase words joined by hyphens, e.g. "chinese-marketing"' })
    .optional()
    .meta({ description: 'Optional page address part, /service/{slug}/{id}/, for a name the rule cannot make one from (no Latin letters or digits). By default it is made from the name.' }),
  sname: text('Optional short name for cards and breadcrumbs.').max(60).optional(),
  summary: text('Optional one line for the card, what a buyer gets, e.g. "Your token in a wallet app within 24 hours". Without it, cards show the meta description, shortened.')
    .max(SUMMARY_MAX)
    .optional(),
  label: text('Optional short variant tag shown on the card, e.g. "PR" or "Article".').max(24).optional(),
  price: priceSchema('Base or starting price in US dollars, with cents if needed (2500, 3.60); 0 shows as "Free". With options it may be left out: the starting price is then the lowest option\'s.').optional(),
  priceFrom: z.boolean().default(false).meta({ description: 'true when the price is a starting price ("from $2,000"); with options, every option\'s price is one.' }),
  options: z
    .array(optionSchema)
    .min(1, { message: 'expected at least one option' })
    .meta({ description: 'Optional price options, e.g. run lengths or packages: each a "label", a "price" and an optional "delivery". The page shows them as a table; cards show "from" the lowest price. Leave the field out rather than leave the list empty.' })
    .optional(),
  currency: z.literal('USD', { message: 'expected "USD": every price is in US dollars' }).meta({ description: 'Always USD.' }),
  delivery: text('Optional delivery or run time, e.g. "12-24 h" or "3-5 days".').max(40).optional(),
  requires: serviceIds('Optional: ids of services a buyer must have (or order) first, e.g. [listing-3]. The page shows "Requires: <name>" with a link.', 5),
  related: serviceIds('Optional: ids of services often booked with this one, shown at the end of its page ("Often booked with"). Without it, the page shows up to 3 other services of the same category.', 6),
  image: imageFile('services'),
  metaDescription: text('The page description search engines show: one sentence, at most 160 characters.'),
});

export const categorySchema = z
  .strictObject({
    name: text('Category name in the menu and as the section heading.').max(40),
    anchor: z
      .string()
      .regex(kebab, { message: 'expected lowercase words joined by hyphens, e.g. "press-releases"' })
      .meta({ description: 'Section id on the home page: /#{anchor}.' }),
    idPrefix: z
      .string()
      .regex(/^[a-z0-9]+$/, { message: 'expected lowercase letters and digits only, e.g. "pressreleases"' })
      .meta({ description: 'Every service id in this category is {idPrefix}-{number}.' }),
    description: text('One line under the category name in the menu and on the home page.').max(120),
    info: text('Optional info line shown with the category, e.g. "We can reach out to any rapper with an offer."').optional(),
    notice: text('Optional notice shown on every service page of this category, e.g. an advertising disclosure.').optional(),
    icon: imageFile('icons'),
    services: z.array(serviceSchema).meta({ description: 'The services of this category, in display order.' }),
  })
  .meta({ title: 'storefront category', description: 'catalogue/categories/{name}.yaml' });

export type SiteFile = z.infer<typeof siteSchema>;
export type Theme = z.infer<typeof themeSchema>;
export type CategoryFile = z.infer<typeof categorySchema>;
export type ServiceEntry = z.infer<typeof serviceSchema>;
export type Link = z.infer<typeof linkSchema>;
export type OrganisationEntry = z.infer<typeof organisationSchema>;
export type StatEntry = z.infer<typeof statSchema>;
export type PriceOptionEntry = z.infer<typeof optionSchema>;
