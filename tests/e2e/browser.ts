// Shared browser helpers: one Chromium per test file, pages that record console errors.
import { chromium, type Browser, type BrowserContextOptions, type ConsoleMessage, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** How long a wait for the page may take before the test calls it a hang (Playwright's default is 30 s). */
export const HANG_GUARD_MS = 90_000;

export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

/** Starts Chromium for the test file and closes it afterwards. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: inject('chromium'), args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not running yet');
    return browser;
  };
}

export interface TrackedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
  close(): Promise<void>;
}

export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  // Waits only guard against a hang: on a machine busy with other work a page may take seconds to settle.
  context.setDefaultTimeout(HANG_GUARD_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  return { page, errors, close: () => context.close() };
}

/**
 * Starts the client as a visitor's first intent would (it waits for one: src/client/clientLoader.ts), with a
 * scroll event that moves nothing, and waits until React has hydrated (the probe sets data-hydrated on <html>).
 */
export async function hydrated(page: Page) {
  await page.evaluate(() => dispatchEvent(new Event('scroll')));
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
}

/**
 * Brings the element into view and waits until it has held its place for a few frames. What is laid out only
 * near the viewport (content-visibility: the home page's category sections, the footer) takes its real height a
 * frame or two after a jump to it, which moves what comes after it (or, at the foot of the page, before it); on a
 * busy machine that came between Playwright's press and release of the mouse button, and the click went to what
 * had moved under the pointer. A visitor's tap comes long after those frames. Counted in frames, not time: a
 * busy machine draws them later, not fewer of them.
 */
export async function holdStill(element: Locator) {
  await element.evaluate(async (target) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let top = Number.NaN;
    for (let still = 0, frames = 0; still < 4 && frames < 200; frames++) {
      const box = target.getBoundingClientRect();
      if (box.top < 0 || box.bottom > innerHeight) target.scrollIntoView({ block: 'center' });
      const now = target.getBoundingClientRect().top;
      still = now === top ? still + 1 : 0;
      top = now;
      await frame();
    }
  });
}

export const siteUrl = (path = '/') => new URL(path, inject('siteUrl')).href;
export const devSiteUrl = (path = '/') => new URL(path, inject('devSiteUrl')).href;

/** Follows a link within the site as a visitor's click would, the client routing it (src/client/links.tsx). */
export async function followLink(page: Page, href: string) {
  await page.evaluate((to) => {
    const link = Object.assign(document.createElement('a'), { href: to, textContent: 'Go' });
    document.querySelector('main')!.append(link);
    link.click();
  }, href);
  await page.waitForFunction((to) => location.pathname === to, href);
}

/** Holds the page's requests that match `pattern` until the returned function is called, as a slow network
 *  would. */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
