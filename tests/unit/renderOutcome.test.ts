// A page as render.ts gets it from renderOutcome (renderWorker.ts), on a pool thread or the main thread: its bytes
// and scan, or its failure as data that crosses to the main thread with what the build's report shows of it.
import { describe, expect, it } from 'vitest';
import { renderOutcome } from '../../src/build/renderWorker.ts';

describe('a rendered page as an outcome', () => {
  it('is its UTF-8 bytes with its scan when it renders', () => {
    const outcome = renderOutcome(() => '<!doctype html><p id="a">Café</p>');
    expect('bytes' in outcome && new TextDecoder().decode(outcome.bytes)).toBe('<!doctype html><p id="a">Café</p>');
    expect('scan' in outcome && outcome.scan).toBeTruthy();
  });

  it("keeps a failure's message, name and stack, so the report reads as the error thrown", () => {
    const outcome = renderOutcome(() => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    });
    expect(outcome).toMatchObject({ error: "Cannot read properties of undefined (reading 'x')", name: 'TypeError' });
    expect('stack' in outcome && outcome.stack).toMatch(/^TypeError: Cannot read/);
  });

  it('says what was thrown when it is no Error', () => {
    expect(
      renderOutcome(() => {
        throw 'plain words';
      }),
    ).toEqual({ error: 'plain words' });
  });
});
