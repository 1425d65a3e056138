// One test per documented interaction: the sticky header's shadow, each keyboard row of the Categories
// disclosure, the mobile menu, the colour mode, the skip link and aria-current.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();

async function desktop(path = '/', options = {}) {
  const tracked = await openPage(browser(), options);
  await tracked.page.goto(siteUrl(path));
  await hydrated(tracked.page);
  return tracked;
}

const button = (page: Page) => page.locator('.main-nav .disclosure-button');
const panelLinks = (page: Page) => page.locator('.main-nav .disclosure-panel a');
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
const expanded = (page: Page) => button(page).getAttribute('aria-expanded');

describe('sticky header', () => {
  it('has no shadow at offset zero and a shadow once the page is scrolled', async () => {
    const { page, close } = await desktop();
    const shadow = () => page.locator('.site-header').evaluate((el) => getComputedStyle(el).boxShadow);
    expect(await shadow()).toBe('none');
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => document.querySelector('.site-header')?.getAttribute('data-scrolled') === 'true');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.site-header')!).boxShadow !== 'none');
    expect(await shadow()).not.toBe('none');
    expect(await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    await page.evaluate(() => scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelector('.site-header')?.getAttribute('data-scrolled') === 'false');
    await close();
  });

  // Each focus in the header scrolled the page up some 400 px: a keyboard user lost their place at every Tab there.
  it('keeps the page where it is when the keyboard moves through the header, on a desktop and on a phone', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 800 }]) {
      const { page, close } = await desktop('/', { viewport });
      await page.evaluate(() => scrollTo(0, 1500));
      const at = await page.evaluate(() => scrollY);
      expect(at).toBeGreaterThan(500);
      const controls = await page.locator('.site-header :is(a, button, select):visible').count();
      expect(controls).toBeGreaterThan(2);
      await page.locator('.site-header :is(a, button, select):visible').first().focus();
      for (let i = 1; i < controls; i++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('.site-header') !== null)).toBe(true);
      expect(await page.evaluate(() => scrollY)).toBe(at);
      await close();
    }
  });
});

describe('a control the keyboard reaches under the sticky header', () => {
  // The page was scrolled to leave the header's 4rem clear, but the header is 4rem and a border, and a focus ring
  // reaches 5 px beyond its control: Shift+Tab up a case study left the ring's top edge under the header.
  it('is scrolled clear of the header with its whole focus ring, on a desktop and on a phone', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 800 }]) {
      const { page, close } = await desktop('/cases/city-square-launch/', { viewport });
      await page.locator('footer a').first().focus();
      const below = await page.locator('footer a').first().evaluate((el) => el.getBoundingClientRect().top);
      expect(below).toBeGreaterThan(100);
      // Up through the page: each control scrolled into view from below the header is checked.
      let checked = 0;
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Shift+Tab');
        const { top, header, ring, inHeader } = await page.evaluate(() => {
          const focused = document.activeElement as HTMLElement;
          const style = getComputedStyle(focused);
          return { top: focused.getBoundingClientRect().top, header: document.querySelector('.site-header')!.getBoundingClientRect().bottom, ring: parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset), inHeader: focused.closest('.site-header, .skip-link') !== null };
        });
        if (inHeader) break;
        if (top > 300) continue;
        checked += 1;
        expect(top - ring).toBeGreaterThanOrEqual(header);
      }
      expect(checked).toBeGreaterThan(0);
      await close();
    }
  });
});

describe('Categories disclosure (keyboard)', () => {
  it('is a disclosure: a button with aria-expanded and a list of links, not an ARIA menu', async () => {
    const { page, close } = await desktop();
    expect(await expanded(page)).toBe('false');
    expect(await page.locator('[role="menu"], [role="menuitem"]').count()).toBe(0);
    expect(await page.locator('.main-nav .disclosure-panel').isHidden()).toBe(true);
    await close();
  });

  // Centred under the button, the 44rem panel began left of the screen from 992 to about 1060 px wide (a tablet
  // held sideways): its icons and the first link's focus ring were cut off.
  it.each([992, 1024, 1280])('opens within the screen at %i px, its first link focused and whole', async (width) => {
    const { page, close } = await desktop('/', { viewport: { width, height: 800 } });
    await button(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.closest('.disclosure-panel') !== null);
    const panel = (await page.locator('.main-nav .disclosure-panel').boundingBox())!;
    const first = (await panelLinks(page).first().boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(width);
    expect(first.x).toBeGreaterThanOrEqual(0);
    await close();
  });

  it('Enter on the button opens it, and Enter again closes it', async () => {
    const { page, close } = await desktop();
    await button(page).focus();
    await page.keyboard.press('Enter');
    expect(await expanded(page)).toBe('true');
    await panelLinks(page).first().waitFor();
    expect(await panelLinks(page).count()).toBe(11);
    await page.keyboard.press('Enter');
    expect(await expanded(page)).toBe('false');
    await close();
  });

  it('Space on the button toggles it', async () => {
    const { page, close } = await desktop();
    await button(page).focus();
    await page.keyboard.press('Space');
    expect(await expanded(page)).toBe('true');
    await page.keyboard.press('Space');
    expect(await expanded(page)).toBe('false');
    await close();
  });

  it('Arrow Down on the button opens it and focuses the first category', async () => {
    const { page, close } = await desktop();
    await button(page).focus();
    await page.keyboard.press('ArrowDown');
    expect(await expanded(page)).toBe('true');
    await page.waitForFunction(() => document.activeElement?.closest('.disclosure-panel') !== null);
    expect(await focusedText(page)).toMatch(/^Listing/);
    await close();
  });

  it('Arrow Down and Arrow Up move between categories, wrapping at the ends', async () => {
    const { page, close } = await desktop();
    await button(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.closest('.disclosure-panel') !== null);
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toMatch(/^Trending/);
    await page.keyboard.press('ArrowUp');
    expect(await focusedText(page)).toMatch(/^Listing/);
    await page.keyboard.press('ArrowUp');
    expect(await focusedText(page)).toMatch(/^Press Releases/);
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toMatch(/^Listing/);
    await close();
  });

  it('Home and End move to the first and last category', async () => {
    const { page, close } = await desktop();
    await button(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.closest('.disclosure-panel') !== null);
    await page.keyboard.press('End');
    expect(await focusedText(page)).toMatch(/^Press Releases/);
    await page.keyboard.press('Home');
    expect(await focusedText(page)).toMatch(/^Listing/);
    await close();
  });

  it('Escape closes it and returns focus to its button', async () => {
    const { page, close } = await desktop();
    await button(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.closest('.disclosure-panel') !== null);
    await page.keyboard.press('Escape');
    expect(await expanded(page)).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('disclosure-button'))).toBe(true);
    await close();
  });

  it('closes when focus leaves it', async () => {
    const { page, close } = await desktop();
    await button(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.closest('.disclosure-panel') !== null);
    await page.keyboard.press('End');
    await page.keyboard.press('Tab');
    expect(await expanded(page)).toBe('false');
    expect(await focusedText(page)).toBe('Clients');
    await close();
  });

  it('a category link goes to its section and closes the panel', async () => {
    const { page, close } = await desktop('/sitemap/');
    await button(page).click();
    await panelLinks(page).filter({ hasText: 'Verification' }).click();
    await page.waitForURL(/\/#verification$/);
    await page.locator('#verification').waitFor();
    expect(await expanded(page)).toBe('false');
    await page.waitForFunction(() => Math.abs(document.getElementById('verification')!.getBoundingClientRect().top) < 120);
    await close();
  });

  it('animates open in 0.15 s and closed in 0.1 s, and not at all under reduced motion', async () => {
    const duration = (page: Page) => page.locator('.main-nav .disclosure-panel').evaluate((el) => getComputedStyle(el).transitionDuration.split(',')[0]);
    const normal = await desktop();
    await button(normal.page).click();
    expect(await duration(normal.page)).toBe('0.15s');
    await button(normal.page).click();
    expect(await duration(normal.page)).toBe('0.1s');
    await normal.close();
    const reduced = await desktop('/', { reducedMotion: 'reduce' });
    await button(reduced.page).click();
    expect(await duration(reduced.page)).toBe('0s');
    await reduced.close();
  });
});

describe('mobile menu', () => {
  const phone = { viewport: { width: 375, height: 740 } };

  it('opens from the menu toggle, with Contact full width inside, and an expandable Categories group', async () => {
    const { page, close } = await desktop('/', phone);
    const toggle = page.locator('.menu-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.main-nav').isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = page.locator('.mobile-menu');
    await menu.waitFor();
    const contact = menu.getByRole('link', { name: 'Contact' });
    expect(await contact.isVisible()).toBe(true);
    const menuWidth = (await menu.boundingBox())!.width;
    expect((await contact.boundingBox())!.width).toBeGreaterThan(menuWidth * 0.8);

    const group = menu.locator('.disclosure-button');
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    await group.click();
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    const links = menu.locator('.disclosure-panel a');
    expect(await links.count()).toBe(11);
    await links.filter({ hasText: 'Billboards' }).click();
    await page.waitForURL(/\/#billboards$/);
    // The address changes before React renders the menu closed: on a busy machine, a moment before.
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await close();
  });

  // Tab from the open menu's toggle went through the brand, Contact and the quote before the menu (WCAG 2.4.3).
  it('is next in the tab order after its toggle, opened by the keyboard, and spans the screen under the bar', async () => {
    const { page, close } = await desktop('/', phone);
    await page.locator('.menu-toggle').focus();
    await page.keyboard.press('Enter');
    await page.locator('.mobile-menu').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.mobile-menu') !== null)).toBe(true);
    expect((await focusedText(page)).startsWith('Search')).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);
    const [menu, bar] = await Promise.all([page.locator('.mobile-menu').boundingBox(), page.locator('.menu-toggle').boundingBox()]);
    expect(menu!.x).toBe(0);
    expect(menu!.width).toBe(375);
    expect(menu!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
    await close();
  });

  it('keeps the header Contact button in the bar on phones and above (issue 24)', async () => {
    for (const width of [320, 375, 520]) {
      const { page, close } = await desktop('/', { viewport: { width, height: 740 } });
      expect(await page.locator('.header-bar .header-contact').isVisible()).toBe(true);
      await close();
    }
  });

  it('Escape closes it and returns focus to its toggle', async () => {
    const { page, close } = await desktop('/', phone);
    const toggle = page.locator('.menu-toggle');
    await toggle.click();
    await page.locator('.mobile-menu .nav-link').first().focus();
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.mobile-menu').isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);
    await close();
  });

  it('Escape in the quote dialog opened over the open menu closes the dialog alone', async () => {
    const { page, close } = await openPage(browser(), phone);
    const services = [...readFileSync(join(inject('siteDir'), 'sitemap.xml'), 'utf8').matchAll(/<loc>[^<]*?(\/service\/[^<]*\/([^/<]+)\/)<\/loc>/g)];
    const items = [{ id: services[0]![2], route: services[0]![1], quantity: 1 }];
    await page.addInitScript((value) => localStorage.setItem('storefront-quote-v1', value), JSON.stringify({ items }));
    await page.goto(siteUrl('/'));
    await hydrated(page);
    const toggle = page.locator('.menu-toggle');
    await toggle.click();
    await page.locator('.quote-button').click();
    await page.locator('dialog.quote-dialog[open]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('dialog.quote-dialog[open]').waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.mobile-menu').isVisible()).toBe(true);
    await close();
  });

  it('Escape in its open Categories group closes the group first, then the menu', async () => {
    const { page, close } = await desktop('/', phone);
    const toggle = page.locator('.menu-toggle');
    await toggle.click();
    const group = page.locator('.mobile-menu .disclosure-button');
    await group.focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.closest('.mobile-menu .disclosure-panel') !== null);
    await page.keyboard.press('Escape');
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);
    await close();
  });
});

describe('colour mode', () => {
  const select = (page: Page) => page.getByLabel('Colour mode');

  it('is light by default', async () => {
    const { page, close } = await desktop();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await select(page).inputValue()).toBe('light');
    await close();
  });

  it('applies the chosen mode, keeps it after reload, and has it before the first paint', async () => {
    const { page, close } = await desktop();
    await select(page).selectOption('dark');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // Record every theme the document has while loading, and whether any content existed yet.
    await page.addInitScript(() => {
      const seen: { theme: string | undefined; body: boolean }[] = [];
      (window as unknown as { themes: typeof seen }).themes = seen;
      new MutationObserver(() => seen.push({ theme: document.documentElement.dataset.theme, body: document.body !== null })).observe(document, {
        subtree: true,
        attributes: true,
        attributeFilter: ['data-theme'],
      });
    });
    // A tab where the client has not started yet (it starts at once in one where it has).
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    // Before the client starts (it waits for an intent), the header's icon already shows the moon.
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    const icon = () => page.locator('.color-mode--icon .color-mode-icon').evaluate((el) => getComputedStyle(el).getPropertyValue('--icon'));
    expect(await icon()).toContain('M20 14.5');
    // And every switch's select says Dark (a screen reader, which may never start the client, read "Light").
    const values = await page.locator('select[aria-label="Colour mode"]').evaluateAll((selects) => selects.map((s) => (s as HTMLSelectElement).value));
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((value) => value === 'dark')).toBe(true);
    await hydrated(page);
    expect(await icon()).toContain('M20 14.5');
    const themes = await page.evaluate(() => (window as unknown as { themes: { theme: string; body: boolean }[] }).themes);
    expect(themes[0]).toEqual({ theme: 'dark', body: false });
    expect(await select(page).inputValue()).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(13, 12, 21)');
    await close();
  });

  it('"system" follows a change of the operating system setting at once, without a reload', async () => {
    const { page, close } = await desktop('/', { colorScheme: 'light' });
    await select(page).selectOption('system');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    // A fixed choice is not overridden by the system.
    await select(page).selectOption('dark');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => matchMedia('(prefers-color-scheme: dark)').matches);
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !matchMedia('(prefers-color-scheme: dark)').matches);
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await close();
  });

  // Printed in dark mode, the text was light grey on white paper (2.6:1), with the header's controls and the chips.
  it('prints in light mode whatever is shown, without the controls, and shows the mode chosen again after', async () => {
    const { page, close } = await desktop('/service/city-square-screen-3-day-package/billboards-3/');
    await page.evaluate(() => localStorage.setItem('storefront-color-mode', 'dark'));
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.emulateMedia({ media: 'print' });
    // Even when the browser prints without telling the page: the tokens themselves are light on paper.
    expect(await page.locator('h1').evaluate((h1) => getComputedStyle(h1).color)).toBe('rgb(18, 17, 28)');
    for (const control of ['.header-actions', '.quote-control']) expect(await page.locator(control).first().evaluate((el) => getComputedStyle(el).display), control).toBe('none');
    await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.evaluate(() => dispatchEvent(new Event('afterprint')));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await close();
  });

  it('"system" follows the operating system preference', async () => {
    const { page, close } = await desktop('/', { colorScheme: 'dark' });
    await select(page).selectOption('system');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await close();
  });

  it('the menu\'s switch and the header\'s agree: a mode chosen in one shows in the other (a tablet turned from portrait to landscape)', async () => {
    const { page, close } = await desktop('/', { viewport: { width: 800, height: 900 } });
    await page.locator('.menu-toggle').click();
    await page.locator('.mobile-menu').getByLabel('Colour mode').selectOption('dark');
    await page.setViewportSize({ width: 1100, height: 900 });
    const header = page.locator('.header-actions').getByLabel('Colour mode');
    await expect.poll(() => header.inputValue()).toBe('dark');
    // Light, which the header's switch showed before, can be chosen there again.
    await header.selectOption('light');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await page.locator('.mobile-menu').getByLabel('Colour mode').inputValue()).toBe('light');
    await close();
  });
});

describe('skip link and current page', () => {
  it('the skip link is first in tab order, visible when focused, and moves focus to the main content', async () => {
    const { page, close } = await desktop('/sitemap/');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Skip to content');
    expect(await page.locator('.skip-link').first().isVisible()).toBe(true);
    const top = await page.locator('.skip-link').first().evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await close();
  });

  it('has skip links under a visually hidden "Accessibility links" heading', async () => {
    const { page, close } = await desktop();
    const heading = page.getByRole('heading', { name: 'Accessibility links' });
    expect(await heading.count()).toBe(1);
    const box = await heading.boundingBox();
    expect(box!.width * box!.height).toBeLessThanOrEqual(1);
    await close();
  });

  it('marks the navigation link of the current page with aria-current="page"', async () => {
    const home = await desktop('/');
    expect(await home.page.locator('header .brand').getAttribute('aria-current')).toBe('page');
    expect(await home.page.locator('.main-nav a[href="/sitemap/"]').getAttribute('aria-current')).toBeNull();
    await home.close();
    const sitemap = await desktop('/sitemap/');
    expect(await sitemap.page.locator('.main-nav a[href="/sitemap/"]').getAttribute('aria-current')).toBe('page');
    expect(await sitemap.page.locator('header .brand').getAttribute('aria-current')).toBeNull();
    await sitemap.close();
  });
});
