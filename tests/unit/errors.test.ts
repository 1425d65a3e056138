import { describe, expect, it } from 'vitest';
import { describeInternalError, InternalError } from '../../src/errors.ts';

describe('internal errors', () => {
  it('say "Internal error" and keep their cause', () => {
    const cause = new TypeError('x is undefined');
    const error = new InternalError('rendering /thread/ failed', { cause });
    expect(error.message).toBe('Internal error: rendering /thread/ failed');
    expect(error.cause).toBe(cause);
  });

  it('are described as a bug in storefront, with the cause and its stack', () => {
    const text = describeInternalError(new TypeError('x is undefined'));
    expect(text).toMatch(/^Internal error: /);
    expect(text).toMatch(/bug in storefront, not in your catalogue/);
    expect(text).toMatch(/Caused by: TypeError: x is undefined\n\s+at /);
  });
});
