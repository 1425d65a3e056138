// The bucket, through the AWS SDK: list, HEAD, upload, delete, and the deploy's manifest. Any S3-compatible store
// (AWS S3, Cloudflare R2, MinIO, Google Cloud Storage's XML API) by --endpoint. Credentials come from the SDK's
// default chain: environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), AWS_PROFILE and the
// shared files, web identity (CI's OIDC), container and instance roles.
//
// Only requests every one of those stores understands: one DeleteObject per object (Google's XML API has no
// multi-object delete), no checksums beyond Content-MD5 unless AWS itself is the endpoint (the SDK's default
// CRC32 checksums are refused by several S3-compatible stores).
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { UserError } from '../errors.ts';
import { LEASE_MS, LockError, parseLock, type LockRead, type LockStore } from './lock.ts';
import type { LocalFile } from './manifest.ts';
import { parseManifest, type Head, type Listed, type OuterDeploy, type RemoteManifest } from './plan.ts';
import { keyOf, LOCK_NAME, MANIFEST_NAME, pathOf, type Target } from './target.ts';

/** What a deploy does with the bucket: the port deploy.ts uses, so a test can watch or break it. */
export interface Store extends LockStore {
  /** Every object under the target's prefix, by path inside the site (the manifest and the lock left out). */
  list(): Promise<Map<string, Listed>>;
  head(path: string): Promise<Head | undefined>;
  readManifest(): Promise<RemoteManifest | undefined>;
  /** The nearest deploy to a shorter prefix of the bucket that owns files under this target, if any. */
  outerDeploy(): Promise<OuterDeploy | undefined>;
  /** Uploads a file of the site with its headers; resolves to the ETag the store gave it. */
  upload(file: LocalFile, dir: string): Promise<string>;
  delete(path: string): Promise<void>;
  writeManifest(manifest: RemoteManifest): Promise<void>;
  /** From now on, every request but the lock's stops when `signal` aborts (the lock lost: lock.ts). */
  stopOn?(signal: AbortSignal): void;
}

export interface S3Options {
  target: Target;
  /** An S3-compatible endpoint (R2, MinIO, GCS); path-style addressing is used with it. */
  endpoint?: string;
  region?: string;
  /** Attempts per request, retries included (the SDK's default is 3). */
  maxAttempts?: number;
}

/** Files from this size up go in parts (lib-storage), each retried on its own. */
export const MULTIPART_FROM = 16 * 1024 * 1024;
const PART_SIZE = 8 * 1024 * 1024;

export class StoreError extends Error {
  override name = 'StoreError';
}

/** How long the store may stay silent on a request before it is tried again. */
const SILENCE_MS = 30_000;

// The SDK waits forever for a silent connection unless told otherwise, and only warns when requestTimeout passes
// unless told to fail the request then. requestTimeout is the time the socket may stay silent, not a request's
// whole time: an upload that sends keeps it alive. The SDK tries a request three times, so an endpoint that takes
// connections and never answers fails a deploy in some 90 s, not in 6 minutes as with 120 s. The bucket's client
// and CloudFront's (cdn.ts) both wait so long, no longer.
export const REQUEST_HANDLER = { connectionTimeout: 10_000, requestTimeout: SILENCE_MS, throwOnRequestTimeout: true };

export function s3Client({ endpoint, region, maxAttempts }: Omit<S3Options, 'target'>): S3Client {
  return new S3Client({
    ...(endpoint
      ? {
          endpoint,
          forcePathStyle: true,
          // Stores other than AWS read the region only for the signature; 'us-east-1' is what MinIO expects and R2 accepts.
          region: region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : { region }),
    ...(maxAttempts ? { maxAttempts } : {}),
    requestHandler: REQUEST_HANDLER,
  });
}

/** Turns the SDK's failures into one line that says what to do. */
export function describeStoreError(error: unknown, target: Target): string {
  const name = (error as { name?: string } | undefined)?.name ?? '';
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof StoreError || error instanceof LockError || error instanceof UserError) return message;
  if (name === 'CredentialsProviderError' || /Could not load credentials/i.test(message)) {
    return 'No credentials for the bucket: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE, or a role).';
  }
  if (/Region is missing/i.test(message)) return 'No region for the bucket: pass --region or set AWS_REGION.';
  if (name === 'NoSuchBucket') return `There is no bucket "${target.bucket}" at this endpoint.`;
  if (name === 'AccessDenied' || name === 'Forbidden' || name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch') {
    return `The bucket "${target.bucket}" refused the credentials (${name}): check the keys and that they may list, read, write and delete in it.`;
  }
  const unreachable = networkTrouble(error, name, message, target);
  if (unreachable) return unreachable;
  const status = error instanceof S3ServiceException ? ` (HTTP ${error.$metadata.httpStatusCode ?? '?'})` : '';
  return `${name && name !== 'Error' ? `${name}: ` : ''}${message}${status}`;
}

/** The system's code of a network failure (ECONNREFUSED), as the error holds it or its message names it. */
export const networkCode = (error: unknown, message: string): string | undefined => (error as { code?: string } | undefined)?.code ?? /\b(E[A-Z]{3,})\b/.exec(message)?.[1];

/** A store that cannot be reached, or an address that is not an S3 store: what it means, and what to check. */
function networkTrouble(error: unknown, name: string, message: string, target: Target): string | undefined {
  const code = networkCode(error, message);
  // What the bucket holds now is the caller's to say (deploy.ts: nothing changed, or stopped part-way).
  const where = 'check --endpoint (its scheme, host and port) and the network, then deploy again';
  if (name === 'TimeoutError' || /exceeded the configured .* requestTimeout/.test(message)) {
    return `The store did not answer for ${SILENCE_MS / 1000} s, three times in a row: ${where}.`;
  }
  if (code === 'ECONNREFUSED') return `Nothing answers at the store's address (connection refused): ${where}.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `The store's host name is not known (${code}): ${where}.`;
  if (code === 'EPROTO' || /wrong version number/.test(message)) return `The store's address does not speak HTTPS there (${code ?? 'EPROTO'}): ${where} (http:// or https://).`;
  if (code === 'ECONNRESET' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `The connection to the store failed (${code}): ${where}.`;
  if (/XML parse error|Deserialization error|char '.' is not expected/.test(message)) {
    return `The address answered, but not as an S3 store does (its answer is no S3 document): check that --endpoint is the store's API address, not a web site's.`;
  }
  if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
    return `The store answered 404 Not Found for the bucket "${target.bucket}" (${name}): check the bucket's name and --endpoint.`;
  }
  return undefined;
}

const unquote = (etag: string | undefined) => (etag ?? '').replace(/"/g, '');
/** A conditional write that found the object changed (412), or racing another write to it (409). */
const conditionFailed = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 412 || error.$metadata.httpStatusCode === 409 || error.name === 'PreconditionFailed');
/** A store that does not take S3's conditional headers on a write. */
const noConditions = (error: unknown) => error instanceof S3ServiceException && (error.name === 'NotImplemented' || error.$metadata.httpStatusCode === 501);
const notFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

export function s3Store(options: S3Options, client: S3Client = s3Client(options)): Store {
  const { target } = options;
  const Bucket = target.bucket;
  const manifestKey = keyOf(target, MANIFEST_NAME);
  let signal: AbortSignal | undefined;
  const stoppable = () => signal && { abortSignal: signal };
  const readManifestAt = async (key: string, unreadable = (why: string) => `The deploy manifest s3://${Bucket}/${key} is not one this storefront wrote (${why}). Delete it to deploy everything afresh.`): Promise<RemoteManifest | undefined> => {
    let text: string;
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key }), stoppable());
      text = (await object.Body?.transformToString('utf8')) ?? '';
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
    try {
      return parseManifest(text);
    } catch (cause) {
      throw new StoreError(unreadable(cause instanceof Error ? cause.message : String(cause)));
    }
  };
  return {
    async list() {
      const objects = new Map<string, Listed>();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: target.prefix || undefined, ContinuationToken }), stoppable());
        for (const object of page.Contents ?? []) {
          const path = object.Key === undefined ? undefined : pathOf(target, object.Key);
          if (!path || path === MANIFEST_NAME || path === LOCK_NAME) continue;
          objects.set(path, { etag: unquote(object.ETag), size: object.Size ?? 0 });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return objects;
    },

    async head(path) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(target, path) }), stoppable());
        return { contentType: head.ContentType, cacheControl: head.CacheControl };
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },

    readManifest: () => readManifestAt(manifestKey),

    async outerDeploy() {
      for (const prefix of outerPrefixes(target.prefix)) {
        // Another site's record: deleting it, as for this target's own, would leave that site's old files for ever.
        const manifest = await readManifestAt(
          `${prefix}${MANIFEST_NAME}`,
          (why) =>
            `The deploy manifest s3://${Bucket}/${prefix}${MANIFEST_NAME}, the record of the site deployed to s3://${Bucket}/${prefix}, is not one this storefront reads (${why}), so it cannot tell whether this target lies inside that site. Nothing was changed. Deploy with the storefront release that deployed that site, or a newer one; do not delete that file.`,
        );
        const inside = target.prefix.slice(prefix.length);
        const owned = new Set(Object.keys(manifest?.objects ?? {}).flatMap((path) => (path.startsWith(inside) ? [path.slice(inside.length)] : [])));
        if (owned.size) return { target: `s3://${Bucket}/${prefix}`, owned };
      }
      return undefined;
    },

    upload: (file, dir) => uploadFile(client, { Bucket, Key: keyOf(target, file.path), ContentType: file.contentType, CacheControl: file.cacheControl }, file, dir, signal),

    async delete(path) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(target, path) }), stoppable());
    },

    ...lockObject(client, Bucket, keyOf(target, LOCK_NAME)),

    stopOn(stop) {
      signal = stop;
    },

    async writeManifest(manifest) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: manifestKey,
          Body: `${JSON.stringify(manifest)}\n`,
          ContentType: 'application/json; charset=utf-8',
          CacheControl: 'no-store',
        }),
        stoppable(),
      );
    },
  };
}

/** Uploads one file of the site, in parts from MULTIPART_FROM bytes; stopped when `signal` aborts. Resolves to its ETag. */
async function uploadFile(client: S3Client, params: { Bucket: string; Key: string; ContentType: string; CacheControl: string }, file: LocalFile, dir: string, signal: AbortSignal | undefined): Promise<string> {
  if (file.size < MULTIPART_FROM) {
    const Body = await readFile(join(dir, file.path));
    const put = await client.send(new PutObjectCommand({ ...params, Body, ContentMD5: Buffer.from(file.md5, 'hex').toString('base64') }), signal && { abortSignal: signal });
    return unquote(put.ETag) || file.md5;
  }
  signal?.throwIfAborted();
  const upload = new Upload({ client, params: { ...params, Body: createReadStream(join(dir, file.path)) }, partSize: PART_SIZE, queueSize: 2 });
  const abort = () => void upload.abort();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    return unquote((await upload.done()).ETag);
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}

/** The deploy's lock (lock.ts) as one object beside the manifest. */
function lockObject(client: S3Client, Bucket: string, Key: string): LockStore {
  return {
    async readLock(signal?: AbortSignal): Promise<LockRead | undefined> {
      try {
        const read = new GetObjectCommand({ Bucket, Key });
        const answeredAt = answerDate(read);
        const object = await client.send(read, signal && { abortSignal: signal });
        const text = (await object.Body?.transformToString('utf8')) ?? '';
        const written = object.LastModified ?? new Date();
        // A lock no storefront wrote, or a torn one, still stands for a lease from when it was written.
        const lock = parseLock(text) ?? { id: '', host: 'an unknown machine', pid: 0, started: written.toISOString(), expires: new Date(written.getTime() + LEASE_MS).toISOString() };
        const now = answeredAt();
        // Both by the store's clock, to the second.
        const ageMs = now && object.LastModified ? now.getTime() - object.LastModified.getTime() : undefined;
        return { lock, etag: unquote(object.ETag), ...(ageMs !== undefined && { ageMs }) };
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },

    async writeLock(lock, etag, signal) {
      const put = (conditional: boolean) =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: `${JSON.stringify(lock)}\n`,
            ContentType: 'application/json; charset=utf-8',
            CacheControl: 'no-store',
            ...(conditional && (etag === undefined ? { IfNoneMatch: '*' } : { IfMatch: `"${etag}"` })),
          }),
          signal && { abortSignal: signal },
        );
      try {
        return unquote((await put(true)).ETag);
      } catch (error) {
        if (conditionFailed(error)) return false;
        if (!noConditions(error)) throw error;
        return unquote((await put(false)).ETag);
      }
    },

    async deleteLock() {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}

/** The store's time when it answered `command` (its Date header), once the command has been sent; undefined
 *  where the answer has none. The SDK keeps the headers of an answer only for its own use. */
function answerDate(command: GetObjectCommand): () => Date | undefined {
  let date: Date | undefined;
  command.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const header = (result.response as { headers?: Record<string, string | undefined> } | undefined)?.headers?.date;
      const parsed = header === undefined ? Number.NaN : Date.parse(header);
      if (!Number.isNaN(parsed)) date = new Date(parsed);
      return result;
    },
    { step: 'deserialize', name: 'storefrontAnswerDate' },
  );
  return () => date;
}

/** The shorter prefixes of a target's, nearest first: 'a/b/' → 'a/', ''. */
export const outerPrefixes = (prefix: string): string[] => {
  const parts = prefix.split('/').filter(Boolean);
  return parts.map((_, i) => parts.slice(0, i).map((part) => `${part}/`).join('')).reverse();
};
