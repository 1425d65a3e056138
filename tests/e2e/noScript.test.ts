// Without JavaScript (issue 40, point 4): a control that cannot work is not shown, or is one that works without
// a script (a link, a form, a <details>). On phones the header still leads to every service.
import { describe, expect, it } from 'vitest';
import { openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();
const paths = ['/', '/category/billboards/', '/service/city-square-screen-7-day-package/billboards-4/', '/search/', '/quote/', '/sitemap/', '/404/'];

describe.each([390, 1280])('with JavaScript off, at %i px', (width) => {
  it.each(paths)('%s shows no button, select or field that needs the client', async (path) => {
    const { page, close } = await openPage(browser(), { viewport: { width, height: 900 }, javaScriptEnabled: false });
    await page.goto(siteUrl(path));
    const dead = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('button, select, input, textarea')]
        // A form's own controls work without a script: the search field and its submit button send a GET.
        .filter((control) => !(control.closest('form[action]') && (control.matches('input[type=search], input[name], button[type=submit]'))))
        .filter((control) => control.checkVisibility())
        .map((control) => control.outerHTML.slice(0, 100)),
    );
    expect(dead).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await close();
  });
});

it('on a phone, the header offers every service in place of the menu', async () => {
  const { page, close } = await openPage(browser(), { viewport: { width: 390, height: 900 }, javaScriptEnabled: false });
  await page.goto(siteUrl('/'));
  const link = page.getByRole('link', { name: 'Services', exact: true });
  expect(await link.isVisible()).toBe(true);
  await link.click();
  await page.waitForURL(siteUrl('/sitemap/'));
  expect(await page.locator('h1').textContent()).toBe('Sitemap');
  await close();
});
