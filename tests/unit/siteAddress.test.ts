// The address a site is published at: a host's root, since every canonical link is a route joined to it.
import { describe, expect, it } from 'vitest';
import { siteAddressFaults, unreadableAddressPart } from '../../src/core/siteAddress.ts';
import { listed, withUnseen } from '../../src/core/words.ts';

describe('siteAddressFaults', () => {
  it('finds none in a host root, with or without its slash, a port or an IDN host', () => {
    for (const address of ['https://www.example.com', 'https://www.example.com/', 'http://staging.example.com:8080/', 'https://bücher.example']) expect(siteAddressFaults(address), address).toEqual([]);
  });

  it('names each part a root has no room for', () => {
    expect(siteAddressFaults('https://www.example.com/sub path/?q=1#frag')).toEqual(['a space', 'a path (/sub path/)', 'a query (?…)', 'a fragment (#…)']);
    expect(siteAddressFaults('https://www.example.com/shop')).toEqual(['a path (/shop)']);
    expect(siteAddressFaults('https://www.example.com?')).toEqual(['a query (?…)']);
    expect(siteAddressFaults('https://user:secret@www.example.com')).toEqual(['a user name or password']);
  });

  it('names the part a browser cannot read, rather than passing it', () => {
    expect(siteAddressFaults('https://www.example.com:99999')).toEqual(['a part a browser cannot read (its port 99999 is over 65535)']);
    expect(siteAddressFaults('https://www.example.com:1x/')).toEqual(['a part a browser cannot read (its port "1x" is not a number)']);
    expect(siteAddressFaults('https://exa%mple.com')).toEqual(['a part a browser cannot read (a "%" in it is not followed by two hexadecimal digits (write %25 for a percent sign))']);
  });

  it('leaves an address that is not absolute to the schema', () => {
    expect(siteAddressFaults('www.example.com')).toEqual([]);
  });
});

describe('unreadableAddressPart', () => {
  it('finds the missing host, the port and the bad escape, through a user name and an IPv6 host', () => {
    expect(unreadableAddressPart('https://')).toBe('it has no host name');
    expect(unreadableAddressPart('https://user@:80/')).toBe('it has no host name');
    expect(unreadableAddressPart('https://user@example.com:65536/')).toBe('its port 65536 is over 65535');
    expect(unreadableAddressPart('https://[::1]:99999/')).toBe('its port 99999 is over 65535');
  });
});

describe('listed', () => {
  it('joins one, two and more in words', () => {
    expect([listed(['a']), listed(['a', 'b']), listed(['a', 'b', 'c'])]).toEqual(['a', 'a and b', 'a, b and c']);
  });
});

// An id with a zero-width space in it was quoted as "rappers-1": the message looked wrong, not the id.
describe('withUnseen', () => {
  it('writes the characters a reader cannot see as their codes, and leaves the rest', () => {
    expect(withUnseen('rappers-1\u200b')).toBe('rappers-1<U+200B>');
    expect(withUnseen('a\u202eb\u0007c\u2028')).toBe('a<U+202E>b<U+0007>c<U+2028>');
    expect(withUnseen('Café 🚀 pack')).toBe('Café 🚀 pack');
  });
});
