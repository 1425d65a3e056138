// A worker's task (workers.ts): descriptions compiled off the main thread, returned in the order given.
import { compileDescription, type CompiledDescription } from '../catalogue/markdown.ts';

export default (texts: readonly string[]): CompiledDescription[] => texts.map(compileDescription);
