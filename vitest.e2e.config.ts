import { defineConfig } from 'vitest/config';

// End-to-end tests: real Chromium against builds of the example catalogue served by `storefront serve`'s
// server. One worker: the browser is the expensive part, and the machine has two cores.
// Timeouts only guard against hangs: CI shares its cores, and a test must pass however busy the machine is.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 600_000,
    expect: { poll: { timeout: 60_000 } },
  },
});
