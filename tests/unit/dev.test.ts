// `storefront dev`'s small decisions, without starting a server: which Host headers it answers, what the open
// pages are told about a bug, and that a missing catalogue is the maintainer's mistake, said in one line.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { internalErrorForPage, isLocalHost } from '../../src/dev.ts';

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
