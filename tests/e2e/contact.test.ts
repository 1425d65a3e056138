// Contact that converts (issue 24): the address to copy, the sticky contact card, Contact in the phone header,
// every mail link with a subject and a body, and axe on the service page with its card in use.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holdRequests, hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();
const SERVICE = '/service/wallet-app-token-listing/listing-3/';
const EMAIL = 'hello@example.com';

async function open(path: string, options: BrowserContextOptions = {}) {
  const tracked = await openPage(browser(), options);
  await tracked.page.goto(siteUrl(path));
  await hydrated(tracked.page);
  return tracked;
}

/** A box in CSS pixels relative to the viewport. */
const rect = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
  });

describe('the address with a copy button', () => {
  it.each(['.contact-card', '.site-footer'])('in %s: copies the address and says so politely', async (scope) => {
    const { page, errors, close } = await open(SERVICE, { permissions: ['clipboard-read', 'clipboard-write'] });
    const card = page.locator(scope);
    expect(await card.locator('.copy-address-text').textContent()).toBe(EMAIL);
    const status = card.getByRole('status');
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.textContent()).toBe('');
    const button = card.getByRole('button', { name: 'Copy address' });
    await button.scrollIntoViewIfNeeded();
    await button.click();
    await page.waitForFunction((s) => document.querySelector(`${s} [role="status"]`)?.textContent === 'Address copied', scope);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(EMAIL);
    expect(errors).toEqual([]);
    await close();
  });

  it('without clipboard access, selects the address and says how to copy it', async () => {
    const tracked = await openPage(browser());
    await tracked.page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
    await tracked.page.goto(siteUrl(SERVICE));
    await hydrated(tracked.page);
    const { page } = tracked;
    await page.locator('.contact-card').getByRole('button', { name: 'Copy address' }).click();
    await page.waitForFunction(() => /Ctrl\+C/.test(document.querySelector('.contact-card [role="status"]')?.textContent ?? ''));
    expect(await page.evaluate(() => getSelection()?.toString())).toBe(EMAIL);
    await tracked.close();
  });
});

describe('the contact card', () => {
  it('stays in view beside the details on desktop while the page scrolls', async () => {
    const { page, close } = await open(SERVICE, { viewport: { width: 1280, height: 800 } });
    const before = await rect(page, '.contact-card');
    const main = await rect(page, '.service-main');
    // Beside the details, not under them.
    expect(before.left).toBeGreaterThan(main.right);
    expect(before.top).toBeLessThan(main.bottom);
    await page.evaluate(() => scrollTo(0, 500));
    await page.waitForFunction(() => scrollY === 500);
    const header = await rect(page, '.site-header');
    const after = await rect(page, '.contact-card');
    // Its top stays below the sticky header and inside the viewport, where a static card would be 500 px up.
    expect(after.top).toBeGreaterThanOrEqual(header.bottom);
    expect(after.top).toBeLessThan(before.top);
    expect(after.bottom).toBeLessThanOrEqual(800);
    expect(await page.locator('.contact-card').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    await close();
  });

  it('follows the details on a phone', async () => {
    const { page, close } = await open(SERVICE, { viewport: { width: 390, height: 800 } });
    const main = await rect(page, '.service-main');
    const card = await rect(page, '.contact-card');
    expect(card.top).toBeGreaterThanOrEqual(main.bottom);
    expect(await page.locator('.contact-card').evaluate((el) => getComputedStyle(el).position)).toBe('static');
    await close();
  });

  it('shows the response-time promise from site.yaml', async () => {
    const { page, close } = await open(SERVICE);
    expect(await page.locator('.contact-card .response-time').textContent()).toBe('We reply within 2 hours, 7 days a week.');
    expect(await page.locator('.site-footer .response-time').textContent()).toBe('We reply within 2 hours, 7 days a week.');
    await close();
  });
});

describe('the header keeps Contact in view', () => {
  // Phones, and the widths between sm and lg where the bar used to squeeze.
  it.each([320, 360, 390, 480, 600, 768, 900, 991, 992, 1280])('at %i px: Contact, the brand and every action fit in the bar', async (width) => {
    const { page, close } = await open('/', { viewport: { width, height: 800 } });
    const contact = page.locator('.header-bar .header-contact');
    expect(await contact.isVisible()).toBe(true);
    const box = await rect(page, '.header-bar .header-contact');
    expect(box.right).toBeLessThanOrEqual(width);
    // On one line: no taller than its own minimum height.
    expect(box.height).toBeLessThanOrEqual(48);
    // Nothing in the bar overlaps anything else, nor leaves the viewport, nor makes the page scroll sideways.
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('.header-bar > *, .header-actions > *')]
        .filter((el) => el.getClientRects().length > 0 && !el.classList.contains('header-actions'))
        .map((el) => {
          const r = el.getBoundingClientRect();
          return { name: el.className, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }),
    );
    for (const [i, a] of boxes.entries()) {
      expect(a.left, a.name).toBeGreaterThanOrEqual(0);
      expect(a.right, a.name).toBeLessThanOrEqual(width);
      for (const b of boxes.slice(i + 1)) {
        const overlap = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom && b.top < a.bottom;
        expect(overlap, `${a.name} overlaps ${b.name}`).toBe(false);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect((await rect(page, '.site-header')).height).toBeLessThanOrEqual(66);
    await close();
  });

  it('on phones the colour mode is in the menu, not in the bar', async () => {
    const { page, close } = await open('/', { viewport: { width: 390, height: 800 } });
    expect(await page.locator('.header-bar .color-mode').isVisible()).toBe(false);
    await page.locator('.menu-toggle').click();
    const select = page.locator('.mobile-menu').getByLabel('Colour mode');
    await select.selectOption('dark');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await close();
  });
});

/** The subject and body a mail client reads from a mailto: link (RFC 6068: plain percent-encoding, no "+"). */
function mailFields(href: string): { to: string; subject?: string; body?: string } {
  const query = href.slice(href.indexOf('?') + 1);
  const fields: Record<string, string> = {};
  for (const pair of query.split('&')) {
    const [key, value = ''] = pair.split('=');
    fields[key!] = decodeURIComponent(value);
  }
  return { to: decodeURIComponent(href.slice('mailto:'.length, href.indexOf('?'))), ...fields };
}

describe('every mail link has a subject and a body', () => {
  const mailLinks = (page: Page) => page.locator('a[href^="mailto:"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));

  it.each([
    ['home', '/'],
    ['service', SERVICE],
    ['404', '/404/'],
    ['unknown path', '/no-such-page/'],
  ])('on the %s page, with the phone menu open too', async (_, path) => {
    const { page, close } = await open(path, { viewport: { width: 390, height: 800 } });
    await page.locator('.menu-toggle').click();
    await page.locator('.mobile-menu .button').waitFor();
    const hrefs = await mailLinks(page);
    // The header's, the menu's, the footer's, and the page's own.
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    for (const href of hrefs) {
      expect(href).not.toMatch(/[\s"<>]|\+/);
      const { to, subject, body } = mailFields(href);
      expect(to).toBe(EMAIL);
      expect(subject, href).toMatch(/\S/);
      expect(body, href).toContain('\r\nProject name:');
      expect(body, href).toContain('\r\nLinks:');
    }
    await close();
  });

  it('the service page link names the service and its id, and links its page', async () => {
    const { page, close } = await open(SERVICE);
    const href = await page.locator('.contact-card a[href^="mailto:"]').getAttribute('href');
    const { subject, body } = mailFields(href!);
    expect(subject).toBe('Quote request: Wallet-App Token Listing (listing-3)');
    expect(body).toContain('\r\n1. Wallet-App Token Listing (listing-3)\r\n');
    expect(body).toContain(`\r\n   https://www.example.com${SERVICE}\r\n`);
    await close();
  });
});

describe("a service page's mail and chat links carry the option chosen", () => {
  const OPTIONS = '/service/sponsored-presale-spot-on-launchpad-b/trending-8/';
  const CHAT = 'https://chat.example.com/astrolift';
  const mailLink = (page: Page) => page.locator('.contact-card').getByRole('link', { name: 'Email us about this service' });

  it('the mail link names the option, with the same message as the basket holding it', async () => {
    const { page, errors, close } = await open(OPTIONS);
    // The page's first option before any choice.
    expect(mailFields((await mailLink(page).getAttribute('href'))!).body).toContain('\r\n   Option: 24 hours\r\n   Quantity: 1\r\n   Price: $500\r\n');
    await page.getByLabel('Option to quote').selectOption({ label: '48 hours: $850' });
    await expect.poll(async () => mailFields((await mailLink(page).getAttribute('href'))!).body).toContain('\r\n   Option: 48 hours\r\n   Quantity: 1\r\n   Price: $850\r\n');
    const fromPage = (await mailLink(page).getAttribute('href'))!;
    expect(mailFields(fromPage).subject).toBe('Quote request: Sponsored Presale Spot on Launchpad B (trending-8)');

    await page.getByRole('button', { name: 'Add to quote', exact: true }).click();
    await page.locator('.quote-button').click();
    await page.locator('dialog.quote-dialog .quote-panel:not([aria-busy="true"])').waitFor();
    expect(await page.locator('dialog.quote-dialog').getByRole('link', { name: 'Send by e-mail' }).getAttribute('href')).toBe(fromPage);
    expect(errors).toEqual([]);
    await close();
  });

  // On a slow network the select worked before the client did, and the mail asked about the first option.
  it('holds a click on the mail link made before the client started, and follows it with the option chosen', async () => {
    const { page, close } = await openPage(browser());
    const release = await holdRequests(page, '**/assets/loader-*.js');
    // The clicks on the mail link that reach the page.
    await page.addInitScript(() => {
      Object.assign(window, { mailClicks: 0 });
      addEventListener('click', (event) => {
        if ((event.target as Element).closest?.('a[data-quote-contact="mail"]')) (window as unknown as { mailClicks: number }).mailClicks++;
      });
    });
    const clicks = () => page.evaluate(() => (window as unknown as { mailClicks: number }).mailClicks);
    await page.goto(siteUrl(OPTIONS));
    await page.getByLabel('Option to quote').selectOption({ label: '48 hours: $850' });
    await mailLink(page).click({ noWaitAfter: true });
    expect(await clicks()).toBe(0);
    release();
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    await expect.poll(clicks).toBe(1);
    // The link is followed once its address is written for the option chosen (QuoteButton.tsx onContact).
    await expect.poll(async () => mailFields((await mailLink(page).getAttribute('href'))!).body).toContain('\r\n   Option: 48 hours\r\n   Quantity: 1\r\n   Price: $850\r\n');
    await close();
  });

  it('the chat link opens in a new tab and copies the message for the option chosen, as the basket does', async () => {
    const { page, errors, close } = await open(OPTIONS, { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.context().route(`${CHAT}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>chat</title>' }));
    const chat = page.locator('.contact-card').getByRole('link', { name: 'Message us on our chat app' });
    expect(await chat.getAttribute('target')).toBe('_blank');
    expect(await chat.getAttribute('rel')).toContain('noopener');
    await page.getByLabel('Option to quote').selectOption({ label: '48 hours: $850' });
    const [opened] = await Promise.all([page.context().waitForEvent('page'), chat.click()]);
    expect(opened.url()).toBe(CHAT);
    // The page stays where it was.
    expect(page.url()).toBe(siteUrl(OPTIONS));
    await expect.poll(() => page.locator('.quote-toast').textContent()).toBe('Message copied. Paste it into the chat if it is not there already.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const mail = mailFields((await mailLink(page).getAttribute('href'))!);
    expect(copied).toBe(`Subject: ${mail.subject}\n\n${mail.body!.replaceAll('\r\n', '\n')}`);
    expect(copied).toContain('\n   Option: 48 hours\n');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('axe on the service page with the card in use', () => {
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  it.each(['light', 'dark'] as const)('has no violations in %s mode, after copying, at desktop and phone widths', async (mode) => {
    for (const width of [1280, 390]) {
      const { page, close } = await open(SERVICE, { viewport: { width, height: 900 }, colorScheme: mode, bypassCSP: true, permissions: ['clipboard-read', 'clipboard-write'] });
      await page.evaluate((chosen) => localStorage.setItem('storefront-color-mode', chosen), mode);
      await page.reload();
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
      await page.locator('.contact-card').getByRole('button', { name: 'Copy address' }).click();
      await page.waitForFunction(() => document.querySelector('.contact-card [role="status"]')?.textContent === 'Address copied');
      if (width < 992) await page.locator('.menu-toggle').click();
      await page.addScriptTag({ content: axeSource });
      const result = (await page.evaluate(() =>
        (window as unknown as { axe: { run: (c: Document, o: object) => Promise<unknown> } }).axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
        }),
      )) as { violations: { id: string; help: string; nodes: { target: string[] }[] }[] };
      expect(result.violations.map((v) => `${width}px ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
      await close();
    }
  });
});
