// CloudFront invalidation of what a deploy replaced. Pages revalidate on every use anyway; an invalidation makes
// the edge drop copies it would otherwise keep for a while (images keep their names and a day's cache; a 404 for
// a page that is new now may be cached too). Hashed assets have new names when they change: never invalidated.
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { networkCode, REQUEST_HANDLER } from './s3.ts';
import { isPageKind } from './manifest.ts';
import type { Plan } from './plan.ts';

/** Above this many paths one wildcard is cheaper (CloudFront bills each path past 1,000 a month, `/*` as one). */
export const MAX_PATHS = 300;

/** The addresses visitors use for a file of the site: a page both as its folder and by its file name. */
export function addressesOf(path: string): string[] {
  const encoded = `/${path.split('/').map(encodeURIComponent).join('/')}`;
  if (path === 'index.html' || path.endsWith('/index.html')) return [encoded.slice(0, -'index.html'.length), encoded];
  return [encoded];
}

/** The paths to invalidate after a deploy: replaced files other than hashed assets, new and deleted pages, and
 *  what an earlier deploy changed but never had invalidated (`pending`: it was cut off, or the CDN refused). */
export function invalidationPaths(plan: Pick<Plan, 'phases' | 'deletions'>, pending: readonly string[] = []): string[] {
  const paths = new Set<string>(pending);
  for (const { file, replaces } of plan.phases.flat()) {
    if (file.kind !== 'asset' && (replaces || isPageKind(file.kind))) for (const address of addressesOf(file.path)) paths.add(address);
  }
  for (const { path, kind } of plan.deletions.flat()) if (isPageKind(kind)) for (const address of addressesOf(path)) paths.add(address);
  if (paths.size > MAX_PATHS || paths.has('/*')) return ['/*'];
  return [...paths].sort();
}

/** The request CloudFront gets (built here so tests can read it without a network). */
export function invalidationCommand(distributionId: string, paths: readonly string[], reference: string): CreateInvalidationCommand {
  return new CreateInvalidationCommand({
    DistributionId: distributionId,
    InvalidationBatch: { CallerReference: reference, Paths: { Quantity: paths.length, Items: [...paths] } },
  });
}

export interface Invalidator {
  send(command: CreateInvalidationCommand): Promise<{ Invalidation?: { Id?: string } }>;
}

/** CloudFront's client, which waits for an answer as the bucket's does: without a timeout, a CloudFront that never
 *  answered held the deploy, and its lock, for good. */
export const cloudFrontClient = () => new CloudFrontClient({ region: 'us-east-1', requestHandler: REQUEST_HANDLER });

/** Asks CloudFront to invalidate the paths; resolves to the invalidation's id. */
export async function invalidate(distributionId: string, paths: readonly string[], reference: string, client: Invalidator = cloudFrontClient()) {
  const answer = await client.send(invalidationCommand(distributionId, paths, reference));
  return answer.Invalidation?.Id;
}

/** Why CloudFront did not take the invalidation, in one line that says what to check. */
export function describeCdnError(error: unknown, distributionId: string): string {
  const name = (error as { name?: string } | undefined)?.name ?? '';
  const message = error instanceof Error ? error.message : String(error);
  const code = networkCode(error, message);
  if (name === 'CredentialsProviderError' || /Could not load credentials/i.test(message)) return 'no credentials for CloudFront (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE or a role)';
  if (name === 'AccessDenied' || name === 'InvalidClientTokenId' || name === 'SignatureDoesNotMatch') return `it refused the credentials (${name}): they need cloudfront:CreateInvalidation on ${distributionId}`;
  if (name === 'NoSuchDistribution') return `there is no distribution ${distributionId}: check --cloudfront-distribution`;
  if (name === 'TimeoutError' || /requestTimeout/.test(message)) return 'it did not answer for 30 s, three times in a row: check the network (and AWS_ENDPOINT_URL_CLOUDFRONT, if set)';
  if (code) return `it could not be reached (${code}): check the network (and AWS_ENDPOINT_URL_CLOUDFRONT, if set)`;
  return `${name && name !== 'Error' ? `${name}: ` : ''}${message.replace(/\.$/, '')}`;
}
