// `storefront serve`: serves a built site the way object storage and CDNs do (src/serve.ts).
import type { Command } from 'commander';
import { portOption, serveBuilt, type CommandContext } from './shared.ts';

export function serveCommand(program: Command, { io, act }: CommandContext): void {
  program
    .command('serve')
    .description('Serve a built site the way object storage and CDNs do (directory index, 404.html, gzip and brotli).')
    .option('-d, --dir <dir>', 'the built site', 'dist')
    .addOption(portOption())
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .action((options: { dir: string; port: number; host: string }) => act(() => serveBuilt(io, options)));
}
