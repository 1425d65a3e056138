// SVG files are published as they are, and an SVG is a document: opened on its own it can run script on the
// site's origin, and it can load things from elsewhere. An SVG that holds anything active or external is
// refused, naming the element or attribute and its line, rather than rewritten behind the maintainer's back:
// a drawing exported from an editor never needs any of it. Parsed as XML (saxes), so prefixes, CDATA and
// entities cannot hide a script from the check.
import { SaxesParser } from 'saxes';
import { error, type Problem, type ProblemCode } from './problems.ts';

/** Elements that run code, embed documents or define event handling. */
const ACTIVE_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);
/** Of those, the ones that are script themselves (the others embed a document or content). */
const SCRIPT_ELEMENTS = new Set(['script', 'handler', 'listener']);
/** Attributes that hold an address. */
const ADDRESS_ATTRIBUTES = new Set(['href', 'src']);
/** Addresses that stay inside the file: a fragment, or embedded raster image data. */
const INTERNAL_ADDRESS = /^\s*(#|data:image\/(png|jpeg|gif|webp|avif)[;,])/i;
/** Where CSS names an address: `@import "…"` or `@import url(…)`, and `url(…)` or `src(…)`, quoted or not. */
const CSS_ADDRESS = /@import\s*(?:url\(\s*)?(?:"([^"]*)"|'([^']*)'|([^\s;)]*))|(?:url|src)\(\s*(?:"([^"]*)"|'([^']*)'|([^\s)]*))/gi;
/** An `image-set(…)`, whose strings are addresses too (its url()s are found by CSS_ADDRESS). */
const IMAGE_SET = /image-set\(([^)]*)/gi;
const CSS_STRING = /"([^"]*)"|'([^']*)'/g;

const HINT = 'Export the image again without it (most editors have a plain or optimised SVG option), or use a PNG.';

export function svgProblems(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  const parser = new SaxesParser();
  // Positions are noted as offsets (the parser's line and column getters cost more than the parse itself) and
  // turned into a line and column only for a problem.
  const report = (code: ProblemCode, offset: number, message: string) => problems.push(error(code, file, lineAndColumn(text, offset), message, HINT));
  let tagStart = 0;
  let inStyle = false;

  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) report('svg-entity', parser.position, 'The SVG declares entities in its DOCTYPE, which can hide what it contains.');
  });
  // <?xml-stylesheet href="…"?> has the browser load a stylesheet (CSS or XSLT) for the image, from anywhere.
  parser.on('processinginstruction', ({ target, body }) => {
    if (target.toLowerCase() !== 'xml-stylesheet') return;
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(body);
    report('svg-external-reference', parser.position, `The SVG has an <?xml-stylesheet?> line that loads "${shorten(href?.[1] ?? href?.[2] ?? body)}": an image must not load anything from elsewhere.`);
  });
  parser.on('opentagstart', () => (tagStart = parser.position - 1));
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    inStyle = name === 'style';
    if (ACTIVE_ELEMENTS.has(name.toLowerCase())) report(SCRIPT_ELEMENTS.has(name.toLowerCase()) ? 'svg-script' : 'svg-embedded-content', tagStart, `The SVG has a <${tag.name}> element, which could run code or load a page on the site.`);
    const animated = localName(String(tag.attributes.attributeName ?? '')).toLowerCase();
    if (['set', 'animate'].includes(name) && (ADDRESS_ATTRIBUTES.has(animated) || animated.startsWith('on'))) {
      report('svg-animated-link', tagStart, `The SVG has a <${tag.name}> element that changes the "${animated}" attribute, which could turn a link into script.`);
    }
  });
  parser.on('attribute', ({ name, value }) => {
    const local = localName(name).toLowerCase();
    // Any attribute may hold CSS (style, and presentation attributes such as fill, filter, mask, cursor), and a
    // browser fetches the url() of each.
    const outside = ADDRESS_ATTRIBUTES.has(local) ? (INTERNAL_ADDRESS.test(value) ? undefined : value) : addressFromElsewhere(value);
    if (local.startsWith('on')) report('svg-event-handler', parser.position, `The SVG has an event handler attribute "${name}", which runs script.`);
    else if (outside !== undefined) report('svg-external-reference', parser.position, `The SVG refers to "${shorten(outside)}" in its "${name}" attribute: an image must not load anything from elsewhere.`);
  });
  const styleText = (content: string) => {
    const outside = inStyle ? addressFromElsewhere(content) : undefined;
    if (outside === undefined) return;
    // At the reference's own line when it is written out as it is, which it nearly always is.
    const at = outside ? text.indexOf(outside, tagStart) : -1;
    report('svg-external-reference', at >= 0 && at < parser.position ? at : parser.position, `The SVG has a <style> element that refers to "${shorten(outside)}": an image must not load anything from elsewhere.`);
  };
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  parser.on('closetag', () => (inStyle = false));
  parser.on('error', (cause) => {
    // The first syntax error is the one to fix; the parser's later complaints follow from it.
    if (!problems.some((p) => p.code === 'svg-malformed')) {
      problems.push(error('svg-malformed', file, lineAndColumn(text, parser.position), `The SVG is not well-formed XML: ${cause.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '').replace(/\.+$/, '')}.`, 'Export the image again from your editor; browsers show a broken SVG as an empty box.'));
    }
  });
  parser.write(text).close();
  return problems;
}

/** The first address in CSS that points outside the file, if any ('' for an empty one). CSS escapes are decoded
 *  first: `\75 rl(` is `url(` to a browser. */
function addressFromElsewhere(css: string): string | undefined {
  const decoded = css.includes('\\') ? unescapeCss(css) : css;
  const addresses = [
    ...[...decoded.matchAll(CSS_ADDRESS)].map((match) => match.slice(1).find((group) => group !== undefined) ?? ''),
    ...[...decoded.matchAll(IMAGE_SET)].flatMap((match) => [...match[1]!.matchAll(CSS_STRING)].map((string) => string[1] ?? string[2] ?? '')),
  ];
  return addresses.find((address) => !INTERNAL_ADDRESS.test(address));
}

/** CSS escapes (`\75 `, `\u`) as the characters they stand for. */
const unescapeCss = (css: string) =>
  css.replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?|\\([^\n0-9a-f])/gi, (_, hex: string | undefined, char: string | undefined) => {
    if (hex === undefined) return char!;
    const code = Number.parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\uFFFD';
  });

function lineAndColumn(text: string, offset: number) {
  const before = text.slice(0, Math.max(0, offset));
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const shorten = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}...` : value);
