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
const EXTERNAL_IN_CSS = /@import|url\(\s*(?!['"]?\s*(#|data:image\/(png|jpeg|gif|webp|avif)[;,]))/i;

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
    if (local.startsWith('on')) report('svg-event-handler', parser.position, `The SVG has an event handler attribute "${name}", which runs script.`);
    else if (ADDRESS_ATTRIBUTES.has(local) && !INTERNAL_ADDRESS.test(value)) report('svg-external-reference', parser.position, `The SVG refers to "${shorten(value)}" in its "${name}" attribute: an image must not load anything from elsewhere.`);
    else if (local === 'style' && EXTERNAL_IN_CSS.test(value)) report('svg-external-reference', parser.position, 'The SVG has a style attribute that loads something from elsewhere (url() or @import).');
  });
  const styleText = (content: string) => {
    if (inStyle && EXTERNAL_IN_CSS.test(content)) report('svg-external-reference', parser.position, 'The SVG has a <style> element that loads something from elsewhere (url() or @import).');
  };
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  parser.on('closetag', () => (inStyle = false));
  parser.on('error', (cause) => {
    // The first syntax error is the one to fix; the parser's later complaints follow from it.
    if (!problems.some((p) => p.code === 'svg-malformed')) {
      problems.push(error('svg-malformed', file, lineAndColumn(text, parser.position), `The SVG is not well-formed XML: ${cause.message.replace(/^[^:]*:\d+:\d+: /, '')}.`, 'Export the image again from your editor; browsers show a broken SVG as an empty box.'));
    }
  });
  parser.write(text).close();
  return problems;
}

function lineAndColumn(text: string, offset: number) {
  const before = text.slice(0, Math.max(0, offset));
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const shorten = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}...` : value);
