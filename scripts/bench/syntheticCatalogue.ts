// A synthetic catalogue of any size for the benchmark: 13 categories, N services with Markdown descriptions
// of realistic length (80-250 words: paragraphs, bold lead-ins, lists, links to other services and to
// outside sites; with `heavy`, 100-400 words in sections under headings, as issue 23 measures) and one small
// SVG per service. Deterministic: the same size and seed give the same files,
// byte for byte, so build figures compare across runs and machines.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { wordCount } from '../../src/catalogue/markdown.ts';
import { slugify } from '../../src/core/slug.ts';

export interface SyntheticOptions {
  services: number;
  seed?: number;
  /** Descriptions of 100-400 words in sections under headings, with more lists and links (issue 23's content). */
  heavy?: boolean;
}

/** mulberry32: a small, fast, seedable PRNG; good enough for test data. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  const shuffled = <T>(list: readonly T[]): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  return { next, int, pick, chance, shuffled };
}
type Random = ReturnType<typeof random>;

interface CategorySpec {
  file: string;
  name: string;
  prefix: string;
  description: string;
  /** Relative share of the services. */
  weight: number;
  things: string[];
  places: string[];
  info?: string;
  notice?: string;
}

const DISCLOSURE = 'Every partner labels the post as an advertisement and discloses any investment they hold in the project.';

const CATEGORIES: CategorySpec[] = [
  { file: 'listing', name: 'Listing', prefix: 'listing', weight: 2, description: 'Get listed fast on coin-data sites, wallets, explorers and exchanges', things: ['Listing', 'Token Profile', 'Fast-Track Listing'], places: ['Coin-Data Site', 'Wallet App', 'Block Explorer', 'Exchange'] },
  { file: 'trending', name: 'Trending', prefix: 'trending', weight: 2, description: 'Paid trending placements sold by the platforms themselves', things: ['Trending Spot', 'Sponsored Placement', 'Featured Slot'], places: ['Charting Site', 'DEX Screener', 'Token Tracker'] },
  { file: 'billboards', name: 'Billboards', prefix: 'billboards', weight: 1, description: 'Your token on city screens', info: 'Each spot plays 4-8 times an hour, 15 seconds a play.', things: ['Billboard Campaign', 'Screen Takeover'], places: ['Times Square', 'Piccadilly', 'Shibuya', 'Dubai Marina'] },
  { file: 'rappers', name: 'Rappers', prefix: 'rappers', weight: 1, description: 'Promotion by rappers, with disclosed sponsored posts', notice: DISCLOSURE, things: ['Sponsored Post', 'Story Mention', 'Music Video Cameo'], places: ['Rapper A', 'Rapper B', 'Rapper C'] },
  { file: 'crypto-influencers', name: 'Crypto Influencers', prefix: 'cryptoinfluencer', weight: 2, description: 'Promotion by crypto influencers, always disclosed as ads', notice: DISCLOSURE, things: ['Video Review', 'Thread', 'Livestream Segment'], places: ['Tier-1 Influencer', 'Tier-2 Influencer', 'Niche Channel'] },
  { file: 'celebrities', name: 'Celebrities', prefix: 'celebrities', weight: 1, description: 'Promotion by celebrities, from $4,000', notice: DISCLOSURE, things: ['Shout-Out', 'Sponsored Post', 'Appearance'], places: ['Athlete', 'Actor', 'TV Host'] },
  { file: 'development', name: 'Development', prefix: 'development', weight: 1, description: 'Web and smart-contract developers for token launches and presales', info: 'Every website comes with 30 days of bug support.', things: ['Landing Page', 'Smart Contract', 'Presale Dashboard'], places: ['Token Launch', 'Presale', 'Staking'] },
  { file: 'chinese-marketing', name: 'Chinese Marketing', prefix: 'chinesemarketing', weight: 2, description: 'Reach the Chinese-speaking market with ads, listings, translation and press', things: ['Banner Ad', 'Translation', 'Community Moderation'], places: ['Coin Site', 'News Portal', 'Forum'] },
  { file: 'press-releases', name: 'Press Releases & Articles', prefix: 'pressreleases', weight: 4, description: 'Press releases and articles on crypto, finance, tech and news sites', notice: 'Every release is published under the outlet\u2019s rules for sponsored content.', things: ['Press Release', 'Sponsored Article', 'Interview'], places: ['Finance Portal', 'Crypto News Site', 'Tech Magazine', 'Business Daily'] },
  { file: 'community', name: 'Community', prefix: 'community', weight: 1, description: 'Moderators, community managers and growth campaigns for chats and forums', things: ['Moderation', 'Community Management', 'AMA Hosting'], places: ['Telegram Group', 'Discord Server', 'Forum'] },
  { file: 'social-ads', name: 'Social Ads', prefix: 'socialads', weight: 1, description: 'Paid ads on social networks where crypto advertising is allowed', things: ['Ad Campaign', 'Promoted Post', 'Retargeting'], places: ['Social Network A', 'Video Platform', 'Crypto Forum'] },
  { file: 'verification', name: 'Verification', prefix: 'verification', weight: 1, description: 'Verified profiles and encyclopedia pages for established projects', info: 'The platform always makes the final decision.', things: ['Verified Badge', 'Encyclopedia Page'], places: ['Social Network', 'Encyclopedia', 'Code Host'] },
  { file: 'other', name: 'Other', prefix: 'other', weight: 1, description: 'Stickers, merchandise, event booths and more', things: ['Sticker Pack', 'Merch Run', 'Event Booth'], places: ['Conference', 'Meetup', 'Online Shop'] },
];

const ALTERNATIVES = ['bdc-consulting', 'blockwiz', 'byzantium', 'coinbound', 'crowdcrate', 'crypto-promoters-global', 'cryptotoken-media', 'dapixel', 'flexe', 'ibc-group', 'icoda', 'icoservice', 'key-difference-media', 'lunar-strategey', 'marketacross', 'ninjapromo', 'priority-token', 'wagmi-marketing'];
const LOGOS = ['Aurora Chain', 'LumenSwap', 'NebulaPay', 'Orbit DAO', 'QuasarFi'];
const TIERS = ['Standard', 'Premium', 'Express', 'Starter', 'Pro', 'Extended', 'Global', 'Regional'];
/** A word visitors would search for: one service in eight has it in its name. */
export const SEARCH_TERM = 'premium';
const LABELS = ['PR', 'Article', 'Video', 'Story', 'Post', 'Bundle'];
const DELIVERIES = ['Within 24 h', '12-24 h', '1-3 days', '3-5 days', '1 week', '2 weeks', '30 days'];
const COLOURS = ['#818cf8', '#4338ca', '#f472b6', '#be185d', '#34d399', '#047857', '#fbbf24', '#b45309', '#60a5fa', '#1d4ed8', '#a78bfa', '#6d28d9'];

const OPENERS = [
  'This service puts your token in front of buyers who are already looking for new projects.',
  'A placement like this is often the first time a serious buyer hears about a new token.',
  'New tokens compete for attention with hundreds of launches a week, and most of them are never seen.',
  'We plan, book and follow up the whole placement, so your team can stay on the product.',
  'The audience here is large, active and used to discovering projects early.',
  'It works best a few days after launch, once trading is live and the community channels are open.',
  'Holders trust what they can check, and this placement gives them something concrete to check.',
  'Our team has booked this placement for many launches and knows what the platform expects.',
];
const DETAILS = [
  'You get a short report with links and screenshots once the placement is live.',
  'We prepare the copy with you and send it for approval before anything is published.',
  'The platform reviews every submission, and we answer its questions on your behalf.',
  'Prices follow the platform\u2019s own rates, and we tell you upfront when they change.',
  'Longer runs and bundles with other services are cheaper; ask for a quote.',
  'We schedule the start so that it does not clash with your other announcements.',
  'If the platform rejects the submission, we tell you why and what would change its decision.',
  'Results depend on your project and the market, and we never promise an effect on price.',
  'A single contact on our side handles the booking from the first message to the final report.',
  'Most teams order this together with a press release, so new visitors find more to read.',
];
const DELIVERABLES = [
  'A placement booked on the dates you choose',
  'Copy written with you and approved before publication',
  'Submission through the platform\u2019s own process, with follow-up',
  'A report with links, screenshots and the figures the platform shares',
  'One revision of the text before it goes live',
  'Translation of the copy where the audience needs it',
  'Advice on timing, based on what has worked for similar launches',
  'A checklist of what to prepare before the start',
];
const NEEDS = [
  'your contract address and chain, a square logo and your website',
  'a short project description, your socials and a contact for approvals',
  'the launch date, the token symbol and the links you want to promote',
  'your brand assets and any wording the text must or must not contain',
];

const svg = (rnd: Random, width: number, height: number) => {
  const [a, b] = [rnd.pick(COLOURS), rnd.pick(COLOURS)];
  const circles = Array.from({ length: 3 }, () => `<circle cx="${rnd.int(0, width)}" cy="${rnd.int(0, height)}" r="${rnd.int(10, height / 2)}" fill="#fff" fill-opacity=".${rnd.int(1, 3)}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>${circles}<rect x="${width / 2 - 60}" y="${height / 2 - 40}" width="120" height="80" rx="14" fill="none" stroke="#fff" stroke-width="8"/></svg>\n`;
};
const icon = (rnd: Random) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="${rnd.pick(COLOURS)}" stroke-width="2" stroke-linecap="round"><circle cx="12" cy="12" r="${rnd.int(4, 9)}"/><path d="M${rnd.int(2, 8)} 12h${rnd.int(8, 14)}"/></svg>\n`;
const logo = (name: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 64" width="256" height="64"><circle cx="32" cy="32" r="22" fill="#333"/><text x="64" y="42" font-family="sans-serif" font-size="24" fill="#333">${name}</text></svg>\n`;

/** Splits `total` services over the categories in proportion to their weights (largest remainder), at least one each. */
function shares(total: number): number[] {
  const weights = CATEGORIES.map((c) => c.weight);
  const sum = weights.reduce((a, b) => a + b, 0);
  const rest = total - CATEGORIES.length;
  const exact = weights.map((w) => (rest * w) / sum);
  const counts = exact.map((x) => Math.floor(x) + 1);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((p, q) => q[0] - p[0] || p[1] - q[1]);
  const missing = total - counts.reduce((a, b) => a + b, 0);
  for (let k = 0; k < missing; k++) counts[order[k]![1]]! += 1;
  return counts;
}

interface SyntheticService {
  id: string;
  name: string;
  route: string;
  category: CategorySpec;
}

function description(rnd: Random, service: SyntheticService, others: SyntheticService[]): string {
  const target = rnd.int(80, 250);
  const other = rnd.pick(others);
  const lead = [rnd.pick(OPENERS)];
  const list = rnd.shuffled(DELIVERABLES);
  let items = 3;
  const middle: string[] = [];
  if (rnd.chance(0.6)) middle.push(`**Goes well with:** [${other.name}](${other.route}), booked in the same week for a stronger start.`);
  const text = () =>
    [lead.join(' '), '**What you get**', list.slice(0, items).map((item) => `- ${item}`).join('\n'), ...middle, '**How to order:** message us on our chat app or e-mail us with your contract address. Ask for a bundle price.'].join('\n\n');
  // Optional parts, in random order, while the description stays within its target length.
  const additions: (() => void)[] = rnd.shuffled([
    () => middle.unshift(`**How long it takes:** ${rnd.pick(['about 24 hours', 'two to five days', 'one to two weeks', 'as agreed in writing'])} from the moment we receive everything we need.`),
    () => middle.push(`**What we need from you:** ${rnd.pick(NEEDS)}.`),
    () => middle.push(`The platform publishes its own [rules for sponsored content](https://www.example.com/${service.category.file}/rules), which we follow.`),
    () => (items = Math.min(items + 2, list.length)),
    ...rnd.shuffled(DETAILS).map((sentence) => () => lead.push(sentence)),
    ...OPENERS.map((sentence) => () => middle.push(sentence)),
  ]);
  for (const add of additions) {
    const before = { lead: lead.length, middle: [...middle], items };
    add();
    if (wordCount(text()) > target) {
      lead.length = before.lead;
      middle.splice(0, middle.length, ...before.middle);
      items = before.items;
    }
  }
  return `${text()}\n`;
}

const STEPS = [
  'You tell us the dates, the budget and the links you want to promote.',
  'We send a plan with the placements, their prices and what each one needs.',
  'You approve the copy, and we submit it through the platform\u2019s own process.',
  'The placement goes live, and we check that it shows as booked.',
  'You get the report, and we suggest what to book next, if anything.',
];
const QUESTIONS = [
  ['Can we change the dates?', 'Yes, until the platform has confirmed the booking; after that, its own rules apply.'],
  ['Is the placement labelled?', 'Always: every platform marks paid content as such, and we would not book one that hides it.'],
  ['Do you guarantee results?', 'No. We guarantee the placement as described, never an effect on price or volume.'],
  ['Can we bring our own copy?', 'Of course. We check it against the platform\u2019s rules and suggest changes only where they would refuse it.'],
] as const;
const OUTSIDE = ['advertising policy', 'rules for sponsored content', 'audience figures', 'media kit', 'terms of service'];

/**
 * Issue 23's content: 100-400 words in sections under headings (an introduction, what you get, how it works,
 * questions), with lists, bold lead-ins, links to other services and to outside sites.
 */
function heavyDescription(rnd: Random, service: SyntheticService, others: SyntheticService[]): string {
  const target = rnd.int(100, 400);
  const [first, second] = [rnd.pick(others), rnd.pick(others)];
  const intro = [rnd.pick(OPENERS)];
  const gets = rnd.shuffled(DELIVERABLES);
  let items = 3;
  let steps = 0;
  const questions: (readonly [string, string])[] = [];
  const notes: string[] = [`**Goes well with:** [${first.name}](${first.route}), booked in the same week for a stronger start.`];
  const text = () =>
    [
      intro.join(' '),
      '## What you get',
      gets.slice(0, items).map((item) => `- ${item}`).join('\n'),
      ...(steps ? ['## How it works', STEPS.slice(0, steps).map((step, i) => `${i + 1}. ${step}`).join('\n')] : []),
      ...notes,
      ...(questions.length ? ['## Questions', ...questions.map(([q, a]) => `**${q}** ${a}`)] : []),
      '**How to order:** message us on our chat app or e-mail us with your contract address. Ask for a bundle price.',
    ].join('\n\n');
  const additions: (() => void)[] = rnd.shuffled([
    () => notes.unshift(`**How long it takes:** ${rnd.pick(['about 24 hours', 'two to five days', 'one to two weeks', 'as agreed in writing'])} from the moment we receive everything we need.`),
    () => notes.push(`**What we need from you:** ${rnd.pick(NEEDS)}.`),
    () => notes.push(`The platform publishes its [${rnd.pick(OUTSIDE)}](https://www.example.com/${service.category.file}/${rnd.int(1, 40)}), which we follow to the letter.`),
    () => notes.push(`Teams that want more reach add [${second.name}](${second.route}); we book both with one contact and one report.`),
    ...Array.from({ length: DELIVERABLES.length - 3 }, () => () => (items = Math.min(items + 1, gets.length))),
    ...STEPS.map(() => () => (steps = Math.min(steps + 1, STEPS.length))),
    ...rnd.shuffled(QUESTIONS).map((qa) => () => questions.push(qa)),
    ...rnd.shuffled(DETAILS).map((sentence) => () => intro.push(sentence)),
    ...OPENERS.filter((sentence) => sentence !== intro[0]).map((sentence) => () => notes.push(sentence)),
  ]);
  for (const add of additions) {
    const before = { intro: intro.length, notes: [...notes], questions: questions.length, items, steps };
    add();
    if (wordCount(text()) > target) {
      intro.length = before.intro;
      notes.splice(0, notes.length, ...before.notes);
      questions.length = before.questions;
      ({ items, steps } = before);
    }
  }
  // A short target can leave it under 100 words when every part left is long: one more sentence or two.
  for (const sentence of DETAILS) if (wordCount(text()) < 100 && !intro.includes(sentence)) intro.push(sentence);
  return `${text()}\n`;
}

/** Every file of the catalogue, by path relative to its folder. */
export function syntheticCatalogue({ services: total, seed = 1, heavy = false }: SyntheticOptions): Map<string, string> {
  if (!Number.isInteger(total) || total < CATEGORIES.length) throw new Error(`A synthetic catalogue needs at least ${CATEGORIES.length} services (one per category); got ${total}.`);
  const rnd = random(seed);
  const files = new Map<string, string>();
  const counts = shares(total);

  const all: SyntheticService[] = [];
  const entries = CATEGORIES.map((category, c) =>
    Array.from({ length: counts[c]! }, (_, i) => {
      const id = `${category.prefix}-${i + 1}`;
      const name = `${rnd.pick(TIERS)} ${rnd.pick(category.things)} on ${rnd.pick(category.places)} ${i + 1}`;
      all.push({ id, name, route: `/service/${slugify(name)}/${id}/`, category });
      const entry: Record<string, unknown> = { id, name };
      if (rnd.chance(0.6)) entry.sname = name.split(' on ')[0];
      if (rnd.chance(0.3)) entry.label = rnd.pick(LABELS);
      entry.price = rnd.chance(0.02) ? 0 : rnd.int(2, 400) * 50;
      if (rnd.chance(0.4)) entry.priceFrom = true;
      entry.currency = 'USD';
      if (rnd.chance(0.8)) entry.delivery = rnd.pick(DELIVERIES);
      entry.image = `${id}.svg`;
      const meta = `${name}: booked, followed up and reported by our team. ${rnd.pick(DETAILS)}`;
      entry.metaDescription = meta.length <= 160 ? meta : `${meta.slice(0, 159).replace(/\s+\S*$/, '')}…`;
      files.set(`img/services/${id}.svg`, svg(rnd, 400, 240));
      return entry;
    }),
  );
  CATEGORIES.forEach((category, c) => {
    const { file, name, prefix, description: text, info, notice } = category;
    const data = { name, anchor: file, idPrefix: prefix, description: text, ...(info && { info }), ...(notice && { notice }), icon: `${file}.svg`, services: entries[c] };
    files.set(`categories/${file}.yaml`, `# yaml-language-server: $schema=../.schema/category.schema.json\n${stringify(data, { lineWidth: 0 })}`);
    files.set(`img/icons/${file}.svg`, icon(rnd));
  });
  for (const service of all) files.set(`descriptions/${service.id}.md`, (heavy ? heavyDescription : description)(rnd, service, all));
  for (const name of LOGOS) files.set(`img/clients/${slugify(name)}.svg`, logo(name));
  // Every alternatives page with content of its own, as validation asks (no doorway-page warning). Written
  // without the random source, so the rest of the catalogue stays the same files.
  for (const slug of ALTERNATIVES) files.set(`alternatives/${slug}.md`, `---\nreviewed: 2026-01-15\n---\nWhat we offer, so you can compare like with like: [every service](/sitemap/), each with its price.\n`);

  const site = {
    brand: 'Synthetic Media',
    baseUrl: 'https://www.example.com',
    description: `A synthetic catalogue of ${total} services for benchmarking storefront.`,
    contact: { email: 'hello@example.com', messaging: { label: 'Message us on our chat app', href: 'https://chat.example.com/synthetic' } },
    hero: { title: 'We will make your token go viral 🚀', subtitle: 'The number one crypto marketing agency for token launches.' },
    stats: [
      { value: '$52M', label: 'Average market cap of our clients at their all-time high', source: 'Synthetic data', asOf: '2026-03' },
      { value: '2700%', label: 'Average price growth of our clients', source: 'Synthetic data', asOf: '2026-03' },
      { value: '32x', label: 'Average community growth of our clients', source: 'Synthetic data', asOf: '2026-03' },
    ],
    clients: { title: 'Trusted by well-known projects', text: 'Our partners have helped crypto projects get their token to the moon.', logos: LOGOS.map((name) => ({ name, image: `${slugify(name)}.svg` })) },
    alternatives: ALTERNATIVES.map((slug) => ({ slug })),
    footer: { links: [{ label: 'Sitemap', href: '/sitemap/' }] },
    categories: CATEGORIES.map((c) => c.file),
  };
  files.set('site.yaml', `# yaml-language-server: $schema=.schema/site.schema.json\n${stringify(site, { lineWidth: 0 })}`);
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Writes a synthetic catalogue into `dir`, replacing what was there. */
export async function writeSyntheticCatalogue(dir: string, options: SyntheticOptions): Promise<void> {
  const files = syntheticCatalogue(options);
  await rm(dir, { recursive: true, force: true });
  for (const folder of new Set([...files.keys()].map((path) => dirname(join(dir, path))))) await mkdir(folder, { recursive: true });
  const queue = [...files];
  const worker = async () => {
    for (let next = queue.pop(); next; next = queue.pop()) await writeFile(join(dir, next[0]), next[1]);
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}
