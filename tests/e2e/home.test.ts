// The home page at any catalogue size: each category's section shows its first services and links to the
// category's page ("All n … services"), and a sticky row of category chips under the header follows the
// scroll, takes the visitor to a section without hiding its heading, and works from the keyboard.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { HANG_GUARD_MS, hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();
const phone = { viewport: { width: 390, height: 844 } };

/** The example catalogue the e2e site is built from: each category's anchor, name and number of services. */
const catalogueDir = new URL('../../examples/agency/catalogue/', import.meta.url).pathname;
const siteYaml = parse(readFileSync(join(catalogueDir, 'site.yaml'), 'utf8')) as { categories: string[]; homeServicesPerCategory?: number };
const perCategory = siteYaml.homeServicesPerCategory ?? 6;
const categories = siteYaml.categories.map((file) => {
  const category = parse(readFileSync(join(catalogueDir, 'categories', `${file}.yaml`), 'utf8')) as { name: string; anchor: string; services: unknown[] };
  return { anchor: category.anchor, name: category.name, count: category.services.length };
});

async function home(options = {}, path = '/') {
  const tracked = await openPage(browser(), options);
  await tracked.page.goto(siteUrl(path));
  await hydrated(tracked.page);
  return tracked;
}

const chips = (page: Page) => page.getByRole('navigation', { name: 'Browse categories' });
const chip = (page: Page, anchor: string) => chips(page).locator(`a[href="/#${anchor}"]`);
/** The anchors of the chips marked current. */
const current = (page: Page) => chips(page).locator('a[aria-current]').evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')]));
/** The lower edge of the two sticky bars: the header, and the chips under it. */
const barsBottom = (page: Page) => page.evaluate(() => document.querySelector('.category-chips')!.getBoundingClientRect().bottom);
/**
 * Scrolls the page so that the section's top is `below` px below the sticky bars (negative: above their lower
 * edge, under them). Again until it stays there: sections not laid out yet (content-visibility) take their
 * real height as they come near.
 */
const scrollToSection = (page: Page, anchor: string, below: number) =>
  page.evaluate(
    async ([id, below]) => {
      const bars = document.querySelector('.category-chips')!;
      const barsBottom = parseFloat(getComputedStyle(bars).top) + bars.getBoundingClientRect().height;
      const section = document.getElementById(id as string)!;
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      // Until it has stayed there for three checks: on a busy machine a section above may take its real
      // height (or the font swap in) a few frames after the target first seemed in place.
      for (let i = 0, still = 0; i < 40 && still < 3; i++) {
        const off = section.getBoundingClientRect().top - barsBottom - (below as number);
        if (Math.abs(off) < 1) still++;
        else {
          still = 0;
          scrollTo(0, scrollY + off);
        }
        await frame();
      }
    },
    [anchor, below] as const,
  );

describe('the home page’s sections', () => {
  it('keep every category’s anchor and show its first services, then "All n … services" when it has more', async () => {
    const { page, close } = await home();
    expect(categories.some((c) => c.count > perCategory)).toBe(true);
    expect(categories.some((c) => c.count <= perCategory)).toBe(true);
    for (const { anchor, name, count } of categories) {
      const section = page.locator(`section#${anchor}`);
      expect(await section.count(), anchor).toBe(1);
      expect(await section.locator('.card').count(), anchor).toBe(Math.min(count, perCategory));
      const all = section.getByRole('link', { name: `All ${count} ${name} services`, exact: true });
      if (count <= perCategory) {
        // The section shows every service already: no link to the same list again.
        expect(await all.count(), anchor).toBe(0);
        continue;
      }
      expect(await all.getAttribute('href'), anchor).toBe(`/category/${anchor}/`);
      // The section's last link, after its cards.
      expect(await section.locator('a').last().getAttribute('href')).toBe(`/category/${anchor}/`);
    }
    await close();
  });

  it('"All n" leads to the category page', async () => {
    const { page, errors, close } = await home();
    const press = categories.find((c) => c.anchor === 'press-releases')!;
    await page.getByRole('link', { name: `All ${press.count} ${press.name} services` }).click();
    await page.waitForURL((url) => url.pathname === '/category/press-releases/');
    expect(errors).toEqual([]);
    await close();
  });
  it('ring the whole card when its link has keyboard focus, and only the button when "Add to quote" has', async () => {
    const { page, close } = await home(phone);
    const card = page.locator('#listing .card').first();
    const ring = (selector: string) => page.locator(selector).first().evaluate((e) => getComputedStyle(e).outlineStyle);
    await page.locator('#listing .card-link').first().focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab'); // keyboard focus: :focus-visible
    expect(await card.evaluate((e) => e.contains(document.activeElement) && document.activeElement!.matches('.card-link:focus-visible'))).toBe(true);
    expect(await ring('#listing .card')).toBe('solid');
    await page.keyboard.press('Tab');
    expect(await card.evaluate((e) => document.activeElement!.matches('button:focus-visible') && e.contains(document.activeElement))).toBe(true);
    // One ring, the button's: the card's would say the link is focused.
    expect(await ring('#listing .card')).toBe('none');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
    await close();
  });
});

describe('the category chips', () => {
  it('are one navigation landmark, "Browse categories", apart from the header’s Categories menu, with a chip per category', async () => {
    const { page, close } = await home();
    expect(await chips(page).count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Categories', exact: true }).count()).toBe(0);
    expect(await chips(page).getByRole('link').evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual(
      categories.map((c) => [c.name, `/#${c.anchor}`]),
    );
    await close();
  });

  it.each([390, 1280])('stick just under the header at %i px', async (width) => {
    const { page, close } = await home({ viewport: { width, height: 800 } });
    await scrollToSection(page, 'development', 200);
    await page.waitForTimeout(100);
    const [header, bar] = await page.evaluate(() => [document.querySelector('.site-header')!, document.querySelector('.category-chips')!].map((e) => e.getBoundingClientRect()));
    expect(header!.top).toBe(0);
    expect(bar!.top).toBe(header!.bottom);
    expect(bar!.height).toBeGreaterThan(40);
    await close();
  });

  it('follow the scroll: the chip of the section under the bars is aria-current="location", and none above the catalogue', async () => {
    const { page, close } = await home(phone);
    expect(await current(page)).toEqual([]);
    for (const anchor of ['trending', 'celebrities', 'press-releases', 'listing']) {
      await scrollToSection(page, anchor, -40); // the section's top 40 px up under the bars
      await expect.poll(() => current(page), { message: anchor }).toEqual([[`/#${anchor}`, 'location']]);
    }
    await page.evaluate(() => scrollTo(0, 0));
    await expect.poll(() => current(page)).toEqual([]);
    await close();
  });

  it('scroll the marked chip into view inside the row, without moving the page', async () => {
    const { page, close } = await home(phone);
    const row = chips(page).locator('ul');
    expect(await row.evaluate((ul) => ul.scrollWidth > ul.clientWidth)).toBe(true);
    await scrollToSection(page, 'press-releases', -40);
    const y = await page.evaluate(() => scrollY);
    await expect.poll(() => current(page)).toEqual([['/#press-releases', 'location']]);
    const inside = () =>
      page.evaluate(() => {
        const row = document.querySelector('.chips-row')!.getBoundingClientRect();
        const chip = document.querySelector('.chips-row a[aria-current]')!.getBoundingClientRect();
        return chip.left >= row.left && chip.right <= row.right;
      });
    await expect.poll(inside).toBe(true);
    expect(await page.evaluate(() => scrollY)).toBe(y);
    await close();
  });

  it.each([390, 1280])('take the visitor to the section at %i px, its heading clear of both sticky bars', async (width) => {
    const { page, close } = await home({ viewport: { width, height: 800 } });
    for (const anchor of ['verification', 'billboards']) {
      await chip(page, anchor).click();
      await page.waitForURL((url) => url.hash === `#${anchor}`);
      await page.waitForFunction(
        (id) => {
          const bars = document.querySelector('.category-chips')!.getBoundingClientRect().bottom;
          return Math.abs(document.getElementById(id)!.getBoundingClientRect().top - bars) < 2;
        },
        anchor,
        { timeout: HANG_GUARD_MS },
      );
      await page.waitForTimeout(300); // still there a few frames later, once the sections above are laid out
      const heading = await page.locator(`#${anchor}-title`).boundingBox();
      expect(heading!.y, anchor).toBeGreaterThanOrEqual(await barsBottom(page));
      // The topmost element at the heading's place is the heading, not a bar.
      const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('h2')?.id, [heading!.x + 4, heading!.y + heading!.height / 2]);
      expect(hit).toBe(`${anchor}-title`);
      await expect.poll(() => current(page)).toEqual([[`/#${anchor}`, 'location']]);
    }
    await close();
  });

  it('move the keyboard to the section: the next Tab is in it, as a link to a section does without the client', async () => {
    const { page, close } = await home(phone);
    await chip(page, 'billboards').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hash === '#billboards');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('billboards');
    // The section takes focus without a ring around it (it is no control).
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('none');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('billboards')!.contains(document.activeElement) && document.activeElement!.matches('a, button'))).toBe(true);
    await close();
  });

  it('are reached with Tab, one after the other, each visible in the row with a visible focus ring', async () => {
    const { page, close } = await home(phone);
    await page.getByRole('link', { name: 'Browse services' }).focus();
    for (const { anchor } of categories) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const a = document.activeElement as HTMLElement;
        const row = a.closest('ul')!.getBoundingClientRect();
        const box = a.getBoundingClientRect();
        const style = getComputedStyle(a);
        return { href: a.getAttribute('href'), inRow: box.left >= row.left - 1 && box.right <= row.right + 1, outline: [style.outlineStyle, parseFloat(style.outlineWidth)] };
      });
      // Scrolling a focused chip into view may be smooth: wait for it to end up inside the row.
      if (!focus.inRow) {
        await page.waitForFunction(
          () => {
            const a = document.activeElement!;
            const row = a.closest('ul')!.getBoundingClientRect();
            const box = a.getBoundingClientRect();
            return box.left >= row.left - 1 && box.right <= row.right + 1;
          },
          undefined,
          { timeout: HANG_GUARD_MS },
        );
      }
      expect(focus.href).toBe(`/#${anchor}`);
      expect(focus.outline[0]).not.toBe('none');
      expect(focus.outline[1]).toBeGreaterThanOrEqual(2);
    }
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hash === `#${categories.at(-1)!.anchor}`);
    await close();
  });

  it('scroll their row smoothly, and not under reduced motion', async () => {
    const behaviour = (page: Page) => chips(page).locator('ul').evaluate((ul) => getComputedStyle(ul).scrollBehavior);
    const normal = await home(phone);
    expect(await behaviour(normal.page)).toBe('smooth');
    await normal.close();
    const reduced = await home({ ...phone, reducedMotion: 'reduce' });
    expect(await behaviour(reduced.page)).toBe('auto');
    await reduced.close();
  });
});
