// A worker thread of markdownWorkers.ts: compiles the descriptions it is sent, in order.
import { parentPort } from 'node:worker_threads';
import { compileDescription } from './markdown.ts';

parentPort!.on('message', (texts: string[]) => {
  parentPort!.postMessage(texts.map(compileDescription));
});
