// The font subset's thread: harfbuzz and the woff2 codec keep about 100 MB of WebAssembly memory once they
// ran, and the main thread is the build's busiest. A worker's memory goes when it ends (fontSubset.ts).
import { parentPort, workerData } from 'node:worker_threads';
import subsetFont from 'subset-font';

const { font, characters, options } = workerData as { font: Uint8Array; characters: string; options: Parameters<typeof subsetFont>[2] };
// A Buffer arrives as a plain Uint8Array, which subset-font does not recognise as a font.
parentPort!.postMessage(await subsetFont(Buffer.from(font.buffer, font.byteOffset, font.byteLength), characters, options));
