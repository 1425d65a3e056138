import { defineConfig } from 'vitest/config';

// Unit tests: pure functions and messages, no site built, no server, no child process; the whole suite runs
// in seconds. Tests that build sites, run the CLI or start servers are in tests/integration/
// (vitest.integration.config.ts). The timeout only guards against a hang: CI shares its cores.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 60_000,
    expect: { poll: { timeout: 60_000 } },
  },
});
