// Where a deploy goes: `s3://BUCKET[/PREFIX]`, and the object key of each file of the site there. Pure.

export interface Target {
  bucket: string;
  /** '' or a folder inside the bucket ending in '/', e.g. 'staging/'. */
  prefix: string;
}

/** The deploy's own record in the bucket (see manifest.ts): what it uploaded, and the history the grace period needs. */
export const MANIFEST_NAME = '.storefront-deploy.json';
/** Held by the deploy that is running (lock.ts). */
export const LOCK_NAME = '.storefront-deploy.lock';

// S3's own rules for bucket names (3-63 lowercase letters, digits, dots and hyphens), loosened to allow the
// underscores some S3-compatible stores accept; the store itself has the last word.
const BUCKET = /^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/;

export class TargetError extends Error {
  override name = 'TargetError';
}

/** Parses `s3://bucket` or `s3://bucket/some/prefix`; throws TargetError saying what is wrong. */
export function parseTarget(url: string): Target {
  const match = /^s3:\/\/([^/]*)(?:\/(.*))?$/.exec(url.trim());
  if (!match) throw new TargetError(`--target must look like s3://BUCKET or s3://BUCKET/PREFIX, not "${url}".`);
  const [, bucket = '', rawPrefix = ''] = match;
  if (!BUCKET.test(bucket)) throw new TargetError(`"${bucket}" is not a bucket name (3-63 lowercase letters, digits, dots and hyphens).`);
  const parts = rawPrefix.split('/').filter(Boolean);
  if (parts.some((part) => part === '.' || part === '..')) throw new TargetError(`The prefix of --target may not hold "." or ".." (${url}).`);
  return { bucket, prefix: parts.length ? `${parts.join('/')}/` : '' };
}

/** The object key of a file of the site ('service/x/index.html'). */
export const keyOf = (target: Target, path: string) => `${target.prefix}${path}`;

/** The file of the site an object key stands for, or undefined for a key outside the prefix. */
export const pathOf = (target: Target, key: string) => (key.startsWith(target.prefix) ? key.slice(target.prefix.length) : undefined);

export const describeTarget = (target: Target) => `s3://${target.bucket}/${target.prefix}`;
