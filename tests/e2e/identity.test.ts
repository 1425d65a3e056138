// The agency's identity on the example site (issue 41): the footer's legal line and legal links on every page,
// the About page's company details and team, axe-clean at phone and desktop widths in both colour modes, and the
// JSON-LD Organization in full on the home page and the About page.
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { hydrated, openPage, siteUrl, useBrowser } from './browser.ts';

const browser = useBrowser();

const cases = [390, 1280].flatMap((width) => (['light', 'dark'] as const).map((mode) => ({ width, mode })));

describe.each(cases)('the About page at $width px in $mode mode', ({ width, mode }) => {
  it('shows the company details and the team, and has no axe violations, footer included', async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: { width, height: 900 }, colorScheme: mode, bypassCSP: true });
    await page.addInitScript((chosen) => localStorage.setItem('storefront-color-mode', chosen), mode);
    await page.goto(siteUrl('/about/'));
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
    expect(await page.locator('h1').textContent()).toBe('About us');
    // Marked as example data above the block.
    expect(await page.locator('.prose blockquote').textContent()).toMatch(/Example page\..*example data/s);
    // Set apart as a note, in line with the text: the browser's own 40 px on both sides read as a misaligned
    // paragraph, a narrow column on a phone.
    const note = await page.locator('.prose blockquote').evaluate((el) => {
      const style = getComputedStyle(el);
      return { left: el.getBoundingClientRect().left - el.parentElement!.getBoundingClientRect().left, right: style.marginRight, bar: style.borderLeftWidth };
    });
    expect(note).toEqual({ left: 0, right: '0px', bar: '4px' });
    const facts = await page.locator('.organisation-facts > div').evaluateAll((rows) => rows.map((row) => `${row.querySelector('dt')!.textContent}: ${row.querySelector('dd')!.textContent}`));
    expect(facts).toEqual([
      'Legal name: Astrolift Media Ltd',
      'Company number: 00000000 (example)',
      'Register: Example Companies Registry',
      'Registered office: 1 Example Street, Exampleton, EX1 0AA, United Kingdom',
      'Founded: 2019',
    ]);
    const team = page.locator('.team-member');
    expect(await team.count()).toBe(3);
    // Each photo loads, its name written under it; the photo's alt is empty, so a screen reader reads the name once
    // (it read "Mara Quill" twice: the alt text, then the caption).
    for (const member of await team.all()) {
      expect(await member.locator('.team-name').textContent()).toMatch(/\S/);
      const photo = member.locator('img.team-photo');
      await photo.scrollIntoViewIfNeeded();
      expect(await photo.getAttribute('alt')).toBe('');
      await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await photo.elementHandle());
    }
    // In view, so the footer (laid out only near the viewport) is rendered and its contrast measured.
    await page.locator('#footer .footer-identity').scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the footer', () => {
  it('names the company and links the legal pages, in order, on every page, and they navigate client-side', async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto(siteUrl('/'));
    await hydrated(page);
    const footer = page.locator('#footer');
    expect(await footer.locator('.footer-bottom-row > p').textContent()).toMatch(/^© Astrolift Media Ltd\. /);
    expect(await footer.locator('.footer-identity span').allTextContents()).toEqual([
      'Company number 00000000 (example), Example Companies Registry',
      'Registered office: 1 Example Street, Exampleton, EX1 0AA, United Kingdom',
      'Founded in 2019',
    ]);
    const legal = footer.getByRole('navigation', { name: 'Legal' }).getByRole('link');
    expect(await legal.evaluateAll((links) => links.map((a) => `${a.textContent} ${a.getAttribute('href')}`))).toEqual(['Terms of service /terms/', 'Refund policy /refund/', 'Privacy policy /privacy/']);
    // Listed under Legal, not again among Other; the About page is among Other.
    expect(await footer.locator('.footer-other a[href="/terms/"]').count()).toBe(0);
    expect(await footer.locator('.footer-other a[href="/about/"]').textContent()).toBe('About us');
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await legal.first().click();
    await page.waitForURL(siteUrl('/terms/'));
    await page.locator('h1', { hasText: 'Terms of service' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    // The footer on the next page is the same, adopted from its HTML.
    expect(await page.locator('#footer .footer-identity').count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the JSON-LD Organization', () => {
  const organizationOf = async (path: string) => {
    const html = await (await fetch(siteUrl(path))).text();
    const json = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const parsed = JSON.parse(json) as { '@graph'?: Record<string, unknown>[] } & Record<string, unknown>;
    return (parsed['@graph'] ?? [parsed]).find((node) => node['@type'] === 'Organization');
  };

  it('is in full on the home page and the About page: legal name, founding date, address, number and team', async () => {
    for (const path of ['/', '/about/']) {
      expect(await organizationOf(path), path).toMatchObject({
        '@id': 'https://www.example.com/#organization',
        name: 'Astrolift Media',
        legalName: 'Astrolift Media Ltd',
        foundingDate: '2019',
        address: { '@type': 'PostalAddress', streetAddress: '1 Example Street', addressLocality: 'Exampleton', postalCode: 'EX1 0AA', addressCountry: 'GB' },
        identifier: { '@type': 'PropertyValue', propertyID: 'Example Companies Registry', value: '00000000 (example)' },
        member: [
          { '@type': 'Person', name: 'Mara Quill', jobTitle: 'Founder and managing director', image: 'https://www.example.com/img/team/mara-quill.svg' },
          { '@type': 'Person', name: 'Theo Vance', jobTitle: 'Head of listings and exchanges', image: 'https://www.example.com/img/team/theo-vance.svg' },
          { '@type': 'Person', name: 'Ines Okafor', jobTitle: 'Press and influencer campaigns', image: 'https://www.example.com/img/team/ines-okafor.svg' },
        ],
      });
    }
  });

  it('stays out of what the browser downloads', async () => {
    const html = await (await fetch(siteUrl('/'))).text();
    const shellUrl = /\/assets\/site-[A-Z0-9]+\.json/.exec(await (await fetch(siteUrl(/\/assets\/loader-[A-Z0-9]+\.js/.exec(html)![0]))).text())![0];
    const shell = await (await fetch(siteUrl(shellUrl))).text();
    expect(shell).not.toContain('Example Companies Registry');
    expect(shell).not.toContain('Mara Quill');
  });
});
