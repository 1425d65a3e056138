// Finds a Chromium for the end-to-end tests: CHROME_PATH, Debian's chromium, or an installed Google Chrome.
// Where none is found and apt-get can be used as root, installs Debian's chromium; nothing ever downloads
// a browser build of its own.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome'];

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return candidates.find((path) => existsSync(path));
}

/** The path of a Chromium, installing Debian's package if that is possible here; otherwise an Error whose
 *  message is one line saying what to install. */
export function ensureChromium(log: (line: string) => void = console.log): string {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROME_PATH) throw new Error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, but there is no browser there.`);
  const canApt = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!canApt) {
    throw new Error("End-to-end tests need Chromium: install Debian's `chromium` package (or Google Chrome), or set CHROME_PATH to a Chromium binary.");
  }
  log("No Chromium found: installing Debian's chromium package (apt-get) for the end-to-end tests.");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  const installed = findChromium();
  if (!installed) throw new Error("Installing Debian's chromium did not produce /usr/bin/chromium; install it by hand or set CHROME_PATH.");
  return installed;
}
