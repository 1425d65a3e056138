// `storefront deploy`: publishes a built site to S3-compatible object storage (src/deploy/).
import { InvalidArgumentError, Option, type Command } from 'commander';
import { resolve } from 'node:path';
import { parseDuration } from '../deploy/duration.ts';
import { DEPLOY_FORMATS, formatPhase, formatResult, type DeployFormat } from '../deploy/report.ts';
import { describeTarget, parseTarget, TargetError } from '../deploy/target.ts';
import { EXIT } from '../errors.ts';
import { progressLine } from '../output.ts';
import { wholeNumber, type CliIO, type CommandContext } from './shared.ts';

interface DeployFlags {
  dir: string;
  target: string;
  endpoint?: string;
  region?: string;
  dryRun?: boolean;
  force?: boolean;
  maxDeletes?: number;
  deleteForeign?: boolean;
  keepDeploys: number;
  keepFor: string;
  concurrency: number;
  cloudfrontDistribution?: string;
  format: DeployFormat;
}



export function deployCommand(program: Command, { io, act }: CommandContext): void {
  program
    .command('deploy')
    .description('Publish a built site to S3-compatible object storage: changed files only, assets before pages, old files pruned after a grace period.')
    .option('-d, --dir <dir>', 'the built site', 'dist')
    .requiredOption('--target <url>', 'where to publish: s3://BUCKET or s3://BUCKET/PREFIX')
    .option('--endpoint <url>', 'an S3-compatible endpoint (Cloudflare R2, MinIO, Google Cloud Storage); default AWS S3')
    .option('--region <region>', 'the region of the bucket (default: AWS_REGION or the AWS profile)')
    .option('--dry-run', 'show what would be uploaded and deleted, change nothing')
    .option('--force', 'deploy a folder storefront did not build, or write under another deploy\'s prefix')
    .addOption(new Option('--max-deletes <n>', 'stop before changing anything when more objects than this would be deleted (default: 256, and at most a tenth of the pages)').argParser(wholeNumber(0)))
    .option('--delete-foreign', 'delete the objects under the target that no deploy wrote, too (by default they stay)')
    .addOption(new Option('--keep-deploys <n>', 'keep a file the site stopped using until this many deploys (this one included) have not used it').default(3).argParser(wholeNumber(1)))
    .addOption(
      new Option('--keep-for <duration>', '... and for this long after the first deploy that did not use it (30m, 12h, 7d, 2w; 0 for no time)').default('7d').argParser((value) => {
        if (parseDuration(value) === undefined) throw new InvalidArgumentError('expected a duration such as 30m, 12h, 7d or 0');
        return value;
      }),
    )
    .addOption(new Option('--concurrency <n>', 'requests at a time').default(8).argParser(wholeNumber(1)))
    .option('--cloudfront-distribution <id>', 'invalidate the replaced pages and images in this CloudFront distribution')
    .addOption(new Option('--format <format>', 'how to report: text for people; github (workflow commands) or json (one document) for CI').choices(DEPLOY_FORMATS).default('text'))
    .action((options: DeployFlags) => act(() => deploy(io, options)));
}

async function deploy(io: CliIO, options: DeployFlags): Promise<number> {
  let target;
  try {
    target = parseTarget(options.target);
    if (options.endpoint !== undefined && !/^https?:\/\/[^/\s]+/.test(options.endpoint)) throw new TargetError(`--endpoint must be a URL such as https://ACCOUNT.r2.cloudflarestorage.com, not "${options.endpoint}".`);
  } catch (error) {
    if (!(error instanceof TargetError)) throw error;
    io.err(error.message);
    return EXIT.usage;
  }
  // Loaded here: the AWS SDK takes a while to load, and no other command needs it.
  const { deploy: publish } = await import('../deploy/deploy.ts');
  const shownTarget = describeTarget(target);
  const progress = io.isTTY && io.write ? progressLine(io.write) : undefined;
  const result = await publish({
    dir: resolve(io.cwd, options.dir),
    shownDir: options.dir,
    target,
    endpoint: options.endpoint,
    region: options.region,
    dryRun: options.dryRun,
    force: options.force,
    maxDeletes: options.maxDeletes,
    deleteForeign: options.deleteForeign,
    concurrency: options.concurrency,
    grace: { deploys: options.keepDeploys, ms: parseDuration(options.keepFor)! },
    cloudfrontDistribution: options.cloudfrontDistribution,
    // As it goes, on stderr (stdout holds the report): a line a phase, and on a terminal a line that counts.
    onPhase: (event) => (progress?.clear(), io.err(formatPhase(event, shownTarget))),
    onStep: progress && ((step) => progress.update(`${step.action === 'upload' ? 'Uploading' : 'Deleting'} ${step.path}`)),
  });
  progress?.clear();
  const lines = formatResult(result, options.format);
  lines.out.forEach((line) => io.out(line));
  lines.err.forEach((line) => io.err(line));
  return result.ok ? EXIT.ok : EXIT.problems;
}
