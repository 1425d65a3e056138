// Runs Debian's nginx on 127.0.0.1 with the server block the build wrote (deploy/nginx.conf), for the hosting
// tests and the load test. Like scripts/chromium.ts: installs Debian's packages when it can (root with
// apt-get), otherwise stops with one line saying what to install.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { createServer } from 'node:net';
import { join } from 'node:path';

const NGINX = '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const PACKAGES = ['nginx', 'libnginx-mod-http-brotli-static'];

export function ensureNginx(log: (line: string) => void = console.log): string {
  if (existsSync(NGINX) && existsSync(BROTLI_MODULE)) return NGINX;
  const canApt = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!canApt) throw new Error(`The hosting tests need nginx with its brotli module: install Debian's ${PACKAGES.join(' and ')}.`);
  log(`Installing Debian's ${PACKAGES.join(' ')} (apt-get) for the hosting tests.`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...PACKAGES], { stdio: 'inherit', env });
  return NGINX;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningNginx {
  url: string;
  /**
   * With `https`: the SHA-256 of the certificate's public key, in base64, for Chromium's
   * `--ignore-certificate-errors-spki-list`. A browser told to trust the key treats the certificate as valid,
   * as a visitor's browser treats a deployed site's; `--ignore-certificate-errors` lets the page load but
   * keeps every response out of the HTTP cache.
   */
  publicKeyHash?: string;
  stop(): Promise<void>;
}

/**
 * A throwaway self-signed certificate for 127.0.0.1, made with openssl (Debian's package, installed like
 * nginx when missing). Clients of such a server must be told to accept it.
 */
function selfSignedCertificate(dir: string): { certificate: string; key: string } {
  if (spawnSync('openssl', ['version'], { stdio: 'ignore' }).status !== 0) {
    const canApt = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
    if (!canApt) throw new Error("Serving over HTTPS needs openssl: install Debian's openssl.");
    execFileSync('apt-get', ['install', '-y', '-qq', 'openssl'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  const certificate = join(dir, 'localhost.crt');
  const key = join(dir, 'localhost.key');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', certificate], { stdio: 'ignore' });
  return { certificate, key };
}

function publicKeyHash(certificateFile: string): string {
  const key = new X509Certificate(readFileSync(certificateFile)).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(key).digest('base64');
}

/**
 * Starts nginx serving siteDir with the shipped server block, changing only its `listen` and `root` lines,
 * as the block's own comment tells a user to. With `https`, it listens with TLS and HTTP/2 (a self-signed
 * certificate), as a CDN or any production server would: over HTTP/1.1 a browser opens a connection per
 * parallel request, which no visitor of a deployed site pays for.
 */
export async function startNginx({ siteDir, serverBlock, workDir, workers = 1, https = false }: { siteDir: string; serverBlock: string; workDir: string; workers?: number; https?: boolean }): Promise<RunningNginx> {
  const nginx = ensureNginx();
  const port = await freePort();
  mkdirSync(workDir, { recursive: true });
  const tls = https ? selfSignedCertificate(workDir) : undefined;
  const listen = tls ? `listen 127.0.0.1:${port} ssl http2;\n$1ssl_certificate ${tls.certificate};\n$1ssl_certificate_key ${tls.key};` : `listen 127.0.0.1:${port};`;
  const block = readFileSync(serverBlock, 'utf8')
    .replace(/^(\s*)listen\s+[^;]+;/m, `$1${listen}`)
    .replace(/^(\s*)root\s+[^;]+;/m, `$1root ${siteDir};`);
  writeFileSync(join(workDir, 'site.conf'), block);
  const temp = (name: string) => `${name}_temp_path ${join(workDir, name)};`;
  writeFileSync(
    join(workDir, 'nginx.conf'),
    [
      // Workers read the site as root when the tests run as root (temporary folders are private to root).
      process.getuid?.() === 0 ? 'user root;' : '',
      `load_module ${BROTLI_MODULE};`,
      `worker_processes ${workers};`,
      'daemon off;',
      `pid ${join(workDir, 'nginx.pid')};`,
      `error_log ${join(workDir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      '  sendfile on;',
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
      `  include ${join(workDir, 'site.conf')};`,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(nginx, ['-c', join(workDir, 'nginx.conf'), '-p', workDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  await waitUntilUp(url, child, () => stderr);
  return {
    url,
    ...(tls && { publicKeyHash: publicKeyHash(tls.certificate) }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}

/** Whether a GET of `url` succeeds; the certificate is not checked (it is our own, self-signed). */
const answers = (url: string) =>
  new Promise<boolean>((resolve) => {
    const request = (url.startsWith('https:') ? httpsGet : httpGet)(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.once('error', () => resolve(false));
  });

async function waitUntilUp(url: string, child: ChildProcess, stderr: () => string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}: ${stderr().trim()}`);
    const up = await answers(`${url}/robots.txt`);
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill();
  throw new Error(`nginx did not answer on ${url}: ${stderr().trim()}`);
}
