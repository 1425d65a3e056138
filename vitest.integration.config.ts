import { defineConfig } from 'vitest/config';

// Integration tests: whole builds of fixture and synthetic catalogues, the CLI, serve, dev, deploy against an
// S3 API server, the layer rules. Timeouts only guard against hangs: a test must pass however busy the
// machine is (CI shares its cores), so none is a deadline.
export default defineConfig({
  test: {
    include: ['tests/integration/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 600_000,
    expect: { poll: { timeout: 60_000 } },
  },
});
