// Every type a site's public/ folder may hold is served and stored with its own content type, never as a
// download of unknown type (application/octet-stream): a PDF would not open in the browser.
import { describe, expect, it } from 'vitest';
import { contentTypeOf } from '../../src/build/headers.ts';
import { PUBLIC_TYPES } from '../../src/catalogue/publicFolder.ts';

describe('the content types of public/', () => {
  it.each(PUBLIC_TYPES)('.%s has its own', (extension) => expect(contentTypeOf(`file.${extension}`)).not.toBe('application/octet-stream'));
  it('names a PDF as one', () => expect(contentTypeOf('files/Price-List.PDF')).toBe('application/pdf'));
});
