// The quote basket (issue 24): adding from cards and service pages, keeping the basket across a reload,
// changing and removing lines, the mail and chat messages, the keyboard, axe with the basket open, and the
// JavaScript a page loads before the basket is opened.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { devSiteUrl, hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();
const QUOTE_KEY = 'storefront-quote-v1';
const CHAT = 'https://chat.example.com/astrolift';

const sitemap = () => readFileSync(join(inject('siteDir'), 'sitemap.xml'), 'utf8');

/** A service's page address, from the built sitemap. */
const routeOf = (id: string) => {
  const found = new RegExp(`<loc>[^<]*?(/service/[^<]*/${id}/)</loc>`).exec(sitemap());
  if (!found) throw new Error(`No page for ${id}`);
  return found[1]!;
};

/** Every service's id and page address, from the built sitemap. */
const services = () => [...sitemap().matchAll(/<loc>[^<]*?(\/service\/[^<]*\/([^/<]+)\/)<\/loc>/g)].map((m) => ({ id: m[2]!, route: m[1]! }));

async function open(path: string, options = {}) {
  const tracked = await openPage(browser(), options);
  await tracked.page.goto(siteUrl(path));
  await hydrated(tracked.page);
  return tracked;
}

/** Opens `path` with these lines in the stored basket, hydrated. */
async function withBasket(page: Page, path: string, items: readonly object[]) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [QUOTE_KEY, JSON.stringify({ items })]);
  await page.goto(siteUrl(path));
  await hydrated(page);
}

/** Nine services, one each: a basket too long for a mail link. */
const nineServices = () => services().slice(0, 9).map((s) => ({ ...s, quantity: 1 }));

const badge = (page: Page) => page.locator('.quote-button .quote-badge');
const dialog = (page: Page) => page.locator('dialog.quote-dialog');
const lines = (page: Page) => dialog(page).locator('.quote-line');
/** Waits until the basket has read its services' pages. */
const loaded = (page: Page) => dialog(page).locator('.quote-panel:not([aria-busy="true"])').waitFor();
const openBasket = async (page: Page) => {
  await page.locator('.quote-button').click();
  await dialog(page).and(page.locator('[open]')).waitFor();
  await loaded(page);
};

/** What the mail app reads from the link: each field percent-decoded (RFC 6068). */
function decodeMailto(href: string) {
  const url = new URL(href);
  const fields = Object.fromEntries(url.search.slice(1).split('&').map((pair) => pair.split('=').map((part) => decodeURIComponent(part))));
  return { to: decodeURIComponent(url.pathname), subject: fields.subject!, body: fields.body! };
}

describe('the quote basket', () => {
  // The message lay over the page under the header for 5 s: the keyboard's next stops went under it (WCAG 2.4.11).
  it('puts its "Added" message out of sight once the focus moves, its words left for the screen reader', async () => {
    const { page, close } = await open('/category/press-releases/', { viewport: { width: 390, height: 844 } });
    const add = page.getByRole('button', { name: /^Add to quote: / }).nth(6);
    await add.focus();
    await page.keyboard.press('Enter');
    const toast = page.locator('.quote-toast');
    await expect.poll(() => toast.textContent()).toMatch(/^Added /);
    await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    expect(await toast.textContent()).toMatch(/^Added /);
    await close();
  });

  it('lets a tap through its "Added" message to what is under it (the category chips on a phone)', async () => {
    const { page, close } = await open('/', { viewport: { width: 390, height: 800 } });
    await page.getByRole('button', { name: /^Add to quote: / }).first().click();
    const toast = page.locator('.quote-toast');
    await expect.poll(() => toast.textContent()).toMatch(/^Added /);
    // What a tap at the message's centre lands on: not the message, which says and offers nothing to tap.
    const under = await toast.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit === el || el.contains(hit) ? 'the message' : hit?.closest('.category-chips') ? 'the chips' : hit?.tagName;
    });
    expect(under).toBe('the chips');
    await close();
  });

  it('keeps three services added from cards and pages across a reload; a quantity changes, a line goes; mail and chat carry exactly the basket', async () => {
    const { page, errors, close } = await open('/category/listing/', { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.context().route(`${CHAT}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>chat</title>' }));
    expect(await badge(page).count()).toBe(0);

    // From cards: two listings.
    await page.getByRole('button', { name: 'Add to quote: Fast-Track Listing on the Largest Coin-Data Site' }).click();
    await page.getByRole('button', { name: 'Add to quote: Wallet-App Token Listing' }).click();
    await expect.poll(() => badge(page).textContent()).toBe('2');
    expect(await page.locator('.quote-toast').textContent()).toBe('Added Wallet-App Token Listing to your quote: 2 services.');

    // From a service page, with its second option chosen.
    await page.goto(siteUrl(routeOf('trending-8')));
    await hydrated(page);
    await page.getByLabel('Option to quote').selectOption({ label: '48 hours: $850' });
    await page.getByRole('button', { name: 'Add to quote', exact: true }).click();
    await expect.poll(() => badge(page).textContent()).toBe('3');

    await page.reload();
    await hydrated(page);
    expect(await badge(page).textContent()).toBe('3');
    await openBasket(page);
    expect(await lines(page).locator('.quote-line-name').allTextContents()).toEqual([
      'Fast-Track Listing on the Largest Coin-Data Site',
      'Wallet-App Token Listing',
      'Sponsored Presale Spot on Launchpad B',
    ]);
    expect(await lines(page).nth(2).getByLabel('Option').inputValue()).toBe('1');
    // Each line's fields are named with its service, for a screen reader's list of the form's fields.
    expect(await dialog(page).getByRole('spinbutton', { name: 'Quantity of Wallet-App Token Listing', exact: true }).count()).toBe(1);
    expect(await dialog(page).getByRole('combobox', { name: 'Option of Sponsored Presale Spot on Launchpad B', exact: true }).count()).toBe(1);
    expect(await dialog(page).locator('[data-total]').textContent()).toBe('$6,350');

    await lines(page).nth(0).getByLabel('Quantity').fill('2');
    await dialog(page).getByRole('button', { name: 'Remove Wallet-App Token Listing' }).click();
    await expect.poll(() => lines(page).count()).toBe(2);
    expect(await dialog(page).locator('[data-total]').textContent()).toBe('$6,850');
    expect(await dialog(page).locator('.quote-status').textContent()).toBe('Removed Wallet-App Token Listing. 2 services left.');
    expect(await badge(page).textContent()).toBe('2');

    const href = (await dialog(page).getByRole('link', { name: 'Send by e-mail' }).getAttribute('href'))!;
    const mail = decodeMailto(href);
    expect(mail.to).toBe('hello@example.com');
    expect(mail.subject).toBe('Quote request: 2 services');
    const base = 'https://www.example.com';
    expect(mail.body.split('\r\n')).toEqual([
      'Hello Astrolift Media,',
      '',
      'We would like a quote for these services:',
      '',
      '1. Fast-Track Listing on the Largest Coin-Data Site (listing-1)',
      '   Quantity: 2',
      '   Price: $3,000 each × 2 = $6,000',
      `   ${base}${routeOf('listing-1')}`,
      '',
      '2. Sponsored Presale Spot on Launchpad B (trending-8)',
      '   Option: 48 hours',
      '   Quantity: 1',
      '   Price: $850',
      `   ${base}${routeOf('trending-8')}`,
      '',
      'Total: $6,850',
      '',
      'About our project:',
      'Project name:',
      'Chain:',
      'Launch date:',
      'Budget:',
      'Links:',
      '',
      'Thank you.',
    ]);

    // The chat: the same text on the clipboard, and the configured link opened beside the site.
    const [chat] = await Promise.all([page.context().waitForEvent('page'), dialog(page).getByRole('link', { name: 'Send by chat' }).click()]);
    expect(chat.url()).toBe(CHAT);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`Subject: ${mail.subject}\n\n${mail.body.replaceAll('\r\n', '\n')}`);
    expect(await dialog(page).locator('.quote-status').textContent()).toMatch(/^Message copied\./);

    // Still there on another page after a reload, as the visitor left it.
    await page.goto(siteUrl('/'));
    await hydrated(page);
    expect(await badge(page).textContent()).toBe('2');
    expect(errors).toEqual([]);
    await close();
  });

  it('adds a service with options from its card with none chosen, and the basket asks for one; the mail names it', async () => {
    const { page, errors, close } = await open('/category/billboards/');
    await page.getByRole('button', { name: 'Add to quote: City-Square Screen, 7-Day Package' }).click();
    await expect.poll(() => badge(page).textContent()).toBe('1');
    await openBasket(page);
    const option = lines(page).getByLabel('Option');
    expect(await option.locator('option:checked').textContent()).toBe('Choose an option');
    expect(await option.locator('option:not([disabled])').allTextContents()).toEqual(['Still image: from $48,000', 'Video: from $74,400']);
    const mailOf = async () => decodeMailto((await dialog(page).getByRole('link', { name: 'Send by e-mail' }).getAttribute('href'))!);
    // Sent before choosing, the message says the option is still open rather than quoting the lowest price as if chosen.
    expect((await mailOf()).body).toContain('   Option: not chosen yet\r\n');
    await option.selectOption({ label: 'Video: from $74,400' });
    await expect.poll(async () => (await mailOf()).body).toContain('   Option: Video\r\n');
    expect(await lines(page).locator('.quote-line-price').textContent()).toBe('from $74,400');
    await expect.poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).items[0].option, QUOTE_KEY)).toBe('Video');
    expect(errors).toEqual([]);
    await close();
  });

  it('works by keyboard alone: choose an option, add, open, change a quantity, close with Escape', async () => {
    const { page, errors, close } = await open(routeOf('trending-8'));
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.outerHTML.slice(0, 80) ?? '');
    const tabTo = async (key: 'Tab' | 'Shift+Tab', test: () => Promise<boolean>) => {
      for (let i = 0; i < 60 && !(await test()); i++) await page.keyboard.press(key);
      expect(await test()).toBe(true);
    };
    await tabTo('Tab', () => page.evaluate(() => document.activeElement?.id === 'quote-option'));
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#quote-option').inputValue()).toBe('1');
    await tabTo('Tab', async () => (await focused()).includes('data-quote-add'));
    await page.keyboard.press('Enter');
    await expect.poll(() => badge(page).textContent()).toBe('1');

    await tabTo('Shift+Tab', () => page.evaluate(() => document.activeElement?.classList.contains('quote-button') === true));
    await page.keyboard.press('Enter');
    await dialog(page).and(page.locator('[open]')).waitFor();
    await loaded(page);
    // Focus moved into the dialog.
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await tabTo('Tab', () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'number'));
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => lines(page).locator('.quote-line-price').textContent()).toBe('$850 each × 2 = $1,700');
    expect(await badge(page).textContent()).toBe('1');

    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('quote-button'))).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('counts services, not units: lines of 3 and 1 are "2 services" in the badge, as in the mail; each line shows its subtotal', async () => {
    // A phone's width: there the button shows its icon and the badge alone, and its name must still say it all.
    const { page, errors, close } = await openPage(browser(), { viewport: { width: 390, height: 900 } });
    const items = [
      { id: 'listing-1', route: routeOf('listing-1'), quantity: 3 },
      { id: 'listing-3', route: routeOf('listing-3'), quantity: 1 },
    ];
    await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [QUOTE_KEY, JSON.stringify({ items })]);
    await page.goto(siteUrl('/category/listing/'));
    await hydrated(page);
    await expect.poll(() => badge(page).textContent()).toBe('2');
    expect(await page.getByRole('link', { name: 'Quote, 2 services' }).count()).toBe(1);
    await openBasket(page);
    expect(await lines(page).locator('.quote-line-price').allTextContents()).toEqual(['$3,000 each × 3 = $9,000', '$2,500']);
    expect(await dialog(page).locator('[data-total]').textContent()).toBe('$11,500');
    const mail = decodeMailto((await dialog(page).getByRole('link', { name: 'Send by e-mail' }).getAttribute('href'))!);
    expect(mail.subject).toBe('Quote request: 2 services');
    expect(mail.body).toContain('   Quantity: 3\r\n   Price: $3,000 each × 3 = $9,000\r\n');
    // Adding one more of a service already there is still two services.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add to quote: Fast-Track Listing on the Largest Coin-Data Site' }).first().click();
    await expect.poll(() => page.locator('.quote-toast').textContent()).toBe('Added another Fast-Track Listing on the Largest Coin-Data Site (4 now) to your quote: 2 services.');
    expect(await badge(page).textContent()).toBe('2');
    expect(errors).toEqual([]);
    await close();
  });

  it.each([
    ['0', '1', 'Quantity 0 is less than 1: kept 1.', '$3,000'],
    ['99999', '99', 'Quantity 99999 is more than 99, the most for one service: kept 99.', '$3,000 each × 99 = $297,000'],
    ['2.5', '2', 'Quantity 2.5 is not a whole number: kept 2.', '$3,000 each × 2 = $6,000'],
  ])('says what was kept of the quantity %s, beside the field and politely', async (entered, kept, note, price) => {
    const { page, errors, close } = await openPage(browser());
    const items = [{ id: 'listing-1', route: routeOf('listing-1'), quantity: 3 }];
    await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [QUOTE_KEY, JSON.stringify({ items })]);
    await page.goto(siteUrl('/'));
    await hydrated(page);
    await openBasket(page);
    const quantity = lines(page).getByLabel('Quantity');
    await quantity.fill(entered);
    await expect.poll(() => lines(page).locator('.quote-line-note').textContent()).toBe(note);
    // Heard through the panel's polite live region, and described by the field.
    expect(await dialog(page).getByRole('status').textContent()).toBe(note);
    expect(await dialog(page).getByRole('status').getAttribute('role')).toBe('status');
    expect(await quantity.getAttribute('aria-describedby')).toBe(await lines(page).locator('.quote-line-note').getAttribute('id'));
    expect(await quantity.inputValue()).toBe(kept);
    expect(await lines(page).locator('.quote-line-price').textContent()).toBe(price);
    await quantity.blur();
    expect(await quantity.inputValue()).toBe(kept);
    await expect.poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).items[0].quantity, QUOTE_KEY)).toBe(Number(kept));
    // A whole number in range is taken as it is, and the note goes.
    await quantity.fill('4');
    await expect.poll(() => lines(page).locator('.quote-line-note').count()).toBe(0);
    expect(await lines(page).locator('.quote-line-price').textContent()).toBe('$3,000 each × 4 = $12,000');
    expect(errors).toEqual([]);
    await close();
  });

  it('"Add both" adds a service with the one it requires; a corrupt stored basket is ignored', async () => {
    const tracked = await openPage(browser());
    const { page, errors, close } = tracked;
    await page.addInitScript((key) => {
      if (!sessionStorage.getItem('seeded')) localStorage.setItem(key, '{"items": [{"id": 1}, ');
      sessionStorage.setItem('seeded', '1');
    }, QUOTE_KEY);
    await page.goto(siteUrl(routeOf('trending-3')));
    await hydrated(page);
    expect(await badge(page).count()).toBe(0);
    await page.getByRole('button', { name: /^Add both to quote/ }).click();
    await expect.poll(() => badge(page).textContent()).toBe('2');
    await openBasket(page);
    expect(await lines(page).locator('.quote-line-name').allTextContents()).toEqual(['Sponsored Trending Spot on a Charting Site', 'Wallet-App Token Listing']);
    expect(errors).toEqual([]);
    await close();
  });

  it('offers "Copy the message" with the address shown when the basket is too long for a mail link', async () => {
    const { page, close } = await openPage(browser(), { permissions: ['clipboard-read', 'clipboard-write'] });
    const items = nineServices();
    await withBasket(page, '/', items);
    await openBasket(page);
    expect(await dialog(page).getByRole('link', { name: 'Send by e-mail' }).count()).toBe(0);
    expect(await dialog(page).locator('.quote-address').textContent()).toBe('This list is too long for a mail link: copy it and send it to hello@example.com');
    await dialog(page).getByRole('button', { name: 'Copy the message' }).click();
    await expect.poll(() => dialog(page).locator('.quote-status').textContent()).toBe('Message copied. Paste it into a mail to hello@example.com.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^Subject: Quote request: 9 services\n\nHello Astrolift Media,\n/);
    expect(copied).toContain(`9. `);
    expect(copied).toContain(`(${items[8]!.id})`);
    await close();
  });

  it('shows the message and the link to copy by hand where the browser has no clipboard (a page on plain http)', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.addInitScript(() => delete (Navigator.prototype as { clipboard?: unknown }).clipboard);
    await withBasket(page, '/', nineServices());
    expect(await page.evaluate(() => typeof navigator.clipboard)).toBe('undefined');
    await openBasket(page);
    await dialog(page).getByRole('button', { name: 'Copy the message' }).click();
    await expect.poll(() => dialog(page).locator('.quote-status').textContent()).toBe('Copying was refused by the browser: the message is shown below to copy by hand.');
    expect(await dialog(page).locator('details.quote-preview').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await dialog(page).getByRole('button', { name: 'Copy a link to this quote' }).click();
    await expect.poll(() => dialog(page).locator('.quote-status').textContent()).toBe('Copying was refused by the browser: the link is shown below to copy by hand.');
    expect(await dialog(page).locator('input.quote-link').inputValue()).toMatch(/\/quote\/#/);
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps the focus on an option select the keyboard changes; merges two lines once it leaves the list, moving it to the line kept and saying so', async () => {
    const { page, close } = await openPage(browser());
    const route = routeOf('billboards-4');
    const items = [
      { id: 'billboards-4', route, quantity: 1 },
      { id: 'billboards-4', route, option: 'Video', quantity: 2 },
    ];
    await withBasket(page, '/', items);
    await openBasket(page);
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? document.activeElement?.tagName);
    const first = lines(page).first().locator('select');
    await first.focus();
    await page.keyboard.press('Home');
    await expect.poll(focusedId).toBe('quote-line-0-option');
    expect(await lines(page).count()).toBe(2);
    // The last option is the one the other line has: passed over with the arrow keys, the two lines stay (a merge at
    // each option took the visitor's other line with it).
    const last = await first.locator('option').last().getAttribute('value');
    await page.keyboard.press('End');
    await expect.poll(() => first.inputValue()).toBe(last);
    expect(await lines(page).count()).toBe(2);
    await page.keyboard.press('Home');
    await expect.poll(focusedId).toBe('quote-line-0-option');
    expect(await lines(page).count()).toBe(2);
    expect(await lines(page).nth(1).locator('input[type=number]').inputValue()).toBe('2');
    // Settled on it, then left: the two become one.
    await page.keyboard.press('End');
    await page.keyboard.press('Tab');
    await expect.poll(() => lines(page).count()).toBe(1);
    await expect.poll(focusedId).toBe('quote-line-0-option');
    expect(await lines(page).first().locator('input[type=number]').inputValue()).toBe('3');
    expect(await dialog(page).locator('.quote-status').textContent()).toMatch(/: one line now, Video, quantity 3\.$/);
    await close();
  });

  it('keeps a line whose service was renamed: finds its page by its id, and stores the new address', async () => {
    const { page, errors, close } = await openPage(browser());
    const route = routeOf('listing-3');
    // The address the service had under another name: its id is the same.
    await withBasket(page, '/', [{ id: 'listing-3', route: '/service/an-older-name-of-this-service/listing-3/', quantity: 2 }]);
    await openBasket(page);
    expect(await lines(page).locator('.quote-line-name').allTextContents()).toEqual(['Wallet-App Token Listing']);
    expect(await lines(page).first().locator('input[type=number]').inputValue()).toBe('2');
    expect(await dialog(page).locator('.quote-status').textContent()).not.toMatch(/no longer offered/);
    await expect.poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).items, QUOTE_KEY)).toEqual([{ id: 'listing-3', route, quantity: 2 }]);
    // The old address answers 404, which the browser logs; nothing else may be logged.
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    await close();
  });

  it("reads a tampered stored basket defensively: at most 100 lines, this site's pages only, prices from the catalogue", async () => {
    const { page, errors, close } = await openPage(browser());
    const all = services();
    const tampered = [
      { id: 'listing-3', name: 'Phishing', route: '//evil.example/phish', price: 1, quantity: 1 },
      { id: 'listing-3', name: 'Elsewhere', route: 'https://evil.example/', price: 1, quantity: 1 },
      { id: 'listing-3', name: 'Script', route: 'javascript:alert(1)', price: 1, quantity: 1 },
      { id: 'listing-3', name: 'Wallet for nothing', route: routeOf('listing-3'), price: 1e308, quantity: 1 },
      { id: 'ghost-1', name: 'Ghost', route: '/service/ghost/ghost-1/', price: 5, quantity: 1 },
      ...Array.from({ length: 2000 }, (_, i) => ({ ...all[i % all.length]!, name: `Line ${i}`, price: 1e308, option: `Option ${i}`, quantity: 1 })),
    ];
    await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [QUOTE_KEY, JSON.stringify({ items: tampered })]);
    await page.goto(siteUrl('/'));
    await hydrated(page);
    await openBasket(page);

    const shown = await lines(page).count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(100);
    const hrefs = await lines(page).locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.filter((href) => !/^\/service\/[a-z0-9-]+\/[a-z0-9]+-\d+\/$/.test(href ?? ''))).toEqual([]);
    const text = (await dialog(page).textContent())!;
    expect(text).not.toMatch(/Infinity|NaN|Phishing|Elsewhere|Script|Ghost|Wallet for nothing|Line \d/);
    expect(await lines(page).first().locator('.quote-line-name').textContent()).toBe('Wallet-App Token Listing');
    expect(await lines(page).first().locator('.quote-line-price').textContent()).toBe('$2,500');
    // What was dropped left the stored basket too: the header counts the lines shown, one each.
    await expect.poll(() => badge(page).textContent()).toBe(String(shown));
    // The unknown service's page answered 404 (Chromium logs that); nothing else went wrong.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await close();
  });

  // It said "Added … to your quote: 100 services." of a service the full quote had not taken.
  it('says nothing was added when the quote is full, and adds nothing', async () => {
    const { page, close } = await openPage(browser());
    const others = services().filter((s) => s.id !== 'listing-3');
    const full = Array.from({ length: 100 }, (_, i) => ({ ...others[i % others.length]!, quantity: 1, ...(i >= others.length && { option: `Option ${i}` }) }));
    await withBasket(page, '/category/listing/', full);
    await page.getByRole('button', { name: 'Add to quote: Wallet-App Token Listing' }).click();
    await expect.poll(() => page.locator('.quote-toast').textContent()).toBe('Not added: your quote holds all it can (100 services, 99 of each).');
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').items as { id: string }[], QUOTE_KEY);
    expect(stored).toHaveLength(100);
    expect(stored.some((line) => line.id === 'listing-3')).toBe(false);
    await close();
  });

  it('loads its panel only when opened: a service page fetches no more script for it before', async () => {
    const { page, close } = await openPage(browser());
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(siteUrl(routeOf('listing-3')));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const before = scripts.length;
    await openBasket(page);
    const loadedOnOpen = scripts.slice(before);
    expect(loadedOnOpen.length).toBeGreaterThan(0);
    expect(loadedOnOpen.filter((s) => scripts.slice(0, before).includes(s))).toEqual([]);
    await close();
  });
});

describe('the quote basket with development React', () => {
  it('hydrates without a mismatch and opens under StrictMode, whose effects run twice', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(devSiteUrl(routeOf('trending-3')));
    await hydrated(page);
    await page.getByRole('button', { name: /^Add both to quote/ }).click();
    await expect.poll(() => badge(page).textContent()).toBe('2');
    await openBasket(page);
    expect(await lines(page).count()).toBe(2);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });
});

describe.each([390, 1280])('the open basket at %i px', (width) => {
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  it.each(['light', 'dark'] as const)('has no axe violations in %s mode', async (mode) => {
    const { page, close } = await openPage(browser(), { viewport: { width, height: 900 }, colorScheme: mode, bypassCSP: true });
    const items = [
      { id: 'trending-8', name: 'Sponsored Presale Spot on Launchpad B', route: routeOf('trending-8'), price: 850, option: '48 hours', options: [{ label: '24 hours', price: 500 }, { label: '48 hours', price: 850 }], quantity: 2 },
      { id: 'listing-5', name: 'Sponsored Presale Spot on Launchpad A', route: routeOf('listing-5'), price: 0, from: true, options: [{ label: 'Free', price: 0 }, { label: 'Live', price: 800 }], quantity: 1 },
    ];
    await page.addInitScript(
      ([key, value, chosen]) => {
        localStorage.setItem(key!, value!);
        localStorage.setItem('storefront-color-mode', chosen!);
      },
      [QUOTE_KEY, JSON.stringify({ items }), mode],
    );
    await page.goto(siteUrl(routeOf('trending-8')));
    await hydrated(page);
    await openBasket(page);
    await page.locator('.quote-preview summary').click();
    await page.addScriptTag({ content: axeSource });
    const result = (await page.evaluate(() =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<unknown> } }).axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      }),
    )) as { violations: { id: string; nodes: { target: string[]; failureSummary: string }[] }[] };
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join('; ')}`)).toEqual([]);
    await close();
  });
});
