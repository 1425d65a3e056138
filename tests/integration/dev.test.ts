// `storefront dev`'s small decisions, without starting a server: which Host headers it answers, what the open
// pages are told about a bug, the page shown while there is no site, that a missing catalogue is the
// maintainer's mistake, said in one line, and what the maintainer hears of a folder that cannot be watched.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { internalErrorForPage, isLocalHost, watchFailure, watchFolder } from '../../src/dev.ts';
import { problemsPage } from '../../src/devPages.ts';
import type { watchTree } from '../../src/watchTree.ts';

const bin = new URL('../../bin/storefront.js', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'storefront-dev-unit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the Host header storefront dev answers (DNS rebinding)', () => {
  it('accepts the names that always mean this machine, IP addresses and the --host name', () => {
    for (const host of ['localhost', 'localhost:4173', 'LOCALHOST:4173', 'localhost.:4173', 'shop.localhost:4173', '127.0.0.1:4173', '[::1]:4173', '192.168.1.20:4173', undefined]) {
      expect(isLocalHost(host, '127.0.0.1'), String(host)).toBe(true);
    }
    expect(isLocalHost('devbox.lan:4173', 'devbox.lan')).toBe(true);
    expect(isLocalHost('DevBox.LAN', 'devbox.lan')).toBe(true);
  });

  it('refuses any other name, and anything that is not a host name', () => {
    for (const host of ['evil.example', 'evil.example:4173', 'localhost.evil.example', '127.0.0.1.nip.io', 'evil.example@localhost', 'localhost/x', '', '[::1', 'devbox.lan']) {
      expect(isLocalHost(host, '127.0.0.1'), host).toBe(false);
    }
  });
});

describe('what the open pages are told about a bug', () => {
  it('one line, no stack trace, no absolute paths', () => {
    const error = new Error("ENOENT: no such file or directory, open '/home/ann/shop/catalogue/img/x.svg'\nmore detail");
    error.stack = `${error.message}\n    at open (/home/ann/shop/node_modules/storefront/src/build/emit.ts:12:3)`;
    const text = internalErrorForPage(error, [['/home/ann/shop/catalogue', 'catalogue']]);
    expect(text).toBe("Internal error: ENOENT: no such file or directory, open 'catalogue/img/x.svg' (the terminal has the details)");
    expect(internalErrorForPage(new TypeError('cannot read /usr/lib/thing/index.js'), [])).toBe('Internal error: TypeError: cannot read …/index.js (the terminal has the details)');
    expect(internalErrorForPage('plain', [])).toBe('Internal error: plain (the terminal has the details)');
  });
});

describe('the page every address answers while dev has no site', () => {
  it('shows the problems as text, markup in them escaped, and listens for the reload', () => {
    const page = problemsPage('catalogue/site.yaml\n  3:10    error   brand: got "<img src=x onerror=alert(1)>" & more');
    expect(page).toContain('catalogue/site.yaml\n  3:10    error   brand: got &quot;&lt;img src=x onerror=alert(1)&gt;&quot; &amp; more');
    expect(page).not.toContain('<img');
    expect(page).toMatch(/there is no site yet/);
    expect(page).toContain("if (event === 'reload') location.reload();");
  });

  it('says that the first build is running while there are no problems yet', () => {
    expect(problemsPage(undefined)).toMatch(/The first build is running/);
  });
});

describe('storefront dev -c nope', () => {
  it('is a user error: one line, exit code 1, no stack trace, and the process ends', async () => {
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, [bin, 'dev', '-c', 'nope', '-p', '0'], { cwd: work, timeout: 30_000 }, (_error, stdout, stderr) =>
        resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
    expect(stderr.trim()).toMatch(/^There is no catalogue folder at .*nope\b[^\n]*$/);
    expect(stderr).not.toMatch(/^\s+at |Internal error/m);
    expect(stdout).toBe('');
    expect(code).toBe(1);
  }, 40_000);
});

describe('a folder dev cannot watch', () => {
  const limit = () => Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), { code: 'ENOSPC' });

  it('is said once while the reason lasts, tried again at each look, and rebuilt in full once watched', () => {
    vi.useFakeTimers();
    try {
      let attempts = 0;
      const failing: typeof watchTree = () => {
        if (++attempts <= 3) throw limit();
        return { close: () => undefined };
      };
      const heard: string[] = [];
      const folder = watchFolder(work, { change: () => undefined, gone: () => heard.push('gone'), back: (why) => heard.push(`back ${why}`), failed: (error) => heard.push(`failed ${error.code}`) }, failing);
      expect(heard).toEqual(['failed ENOSPC']);
      vi.advanceTimersByTime(1_000);
      expect(attempts).toBe(3);
      expect(heard).toEqual(['failed ENOSPC']);
      vi.advanceTimersByTime(500);
      expect(heard).toEqual(['failed ENOSPC', 'back recovered']);
      expect(folder.present).toBe(true);
      folder.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a watch that breaks is set up again, and what it missed is rebuilt', () => {
    let broke: ((error: Error) => void) | undefined;
    const breaking: typeof watchTree = (_dir, _listener, failed) => ((broke = failed), { close: () => undefined });
    const heard: string[] = [];
    const folder = watchFolder(work, { change: () => undefined, gone: () => heard.push('gone'), back: (why) => heard.push(`back ${why}`), failed: (error) => heard.push(`failed ${error.code}`) }, breaking);
    broke!(limit());
    expect(heard).toEqual(['back recovered']);
    folder.close();
  });

  it('tells the maintainer what to do about the system’s limit, and about anything else', () => {
    expect(watchFailure('catalogue', limit())).toBe(
      "Cannot watch catalogue/ for changes (the system's limit on watched files is reached): edits there are not built until it can be; dev tries again every 500 ms. Close other programs that watch many files (another dev server, an editor with a large project), or raise the limit (on Linux: sudo sysctl fs.inotify.max_user_watches=524288 fs.inotify.max_user_instances=1024).",
    );
    expect(watchFailure('catalogue', Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }))).toBe(
      'Cannot watch catalogue/ for changes (EACCES): edits there are not built until it can be; dev tries again every 500 ms. Check that you may read catalogue/ and everything in it.',
    );
  });
});
