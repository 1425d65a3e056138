// The worker pool's one module (workers.ts): each task is a named export that loads its own module on its first
// call, so a thread holds the libraries of the tasks it ran, and a build starts one thread per core, not one per
// core and kind of task (each thread takes 0.2-0.5 s of CPU to start and load its libraries).
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledDescription } from '../catalogue/markdown.ts';
import type { StoredBlob } from './cache.ts';
import type { RenderOutcome, RenderTask } from './renderWorker.ts';
import type { SocialTask } from './socialWorker.ts';

/** A module beside this one, as TypeScript in this repository and as JavaScript in the installed package. */
const sibling = (name: string) => new URL(`./${name}${extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;

type Task<Input, Output> = (input: Input) => Output | Promise<Output>;
const task = async <Input, Output>(name: string, input: Input): Promise<Output> => ((await import(sibling(name))) as { default: Task<Input, Output> }).default(input);

export const compileDescriptions = (texts: readonly string[]) => task<readonly string[], CompiledDescription[]>('markdownWorker', texts);
export const renderPages = (input: RenderTask) => task<RenderTask, RenderOutcome[]>('renderWorker', input);
export const drawCards = (input: SocialTask) => task<SocialTask, (Uint8Array | StoredBlob)[]>('socialWorker', input);
