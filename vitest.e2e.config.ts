import { defineConfig } from 'vitest/config';

// End-to-end tests: real Chromium against builds of the example catalogue served by `storefront serve`'s
// server. One worker: the browser is the expensive part, and the machine has two cores.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
