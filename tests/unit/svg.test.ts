import { describe, expect, it } from 'vitest';
import { svgProblems } from '../../src/catalogue/svg.ts';
import { imageChecks, pacedImageChecks } from '../../src/catalogue/imageChecks.ts';

const svg = (body: string, attributes = '') => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes}>\n${body}\n</svg>`;
const messages = (text: string) => svgProblems('img/x.svg', text).map((p) => `${p.line}: ${p.message}`);

describe('an SVG file', () => {
  it('passes when it only draws, with internal references and embedded raster data', () => {
    const text = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient></defs>\n<rect fill="url(#g)" width="1" height="1" style="fill: url(#g)"/>\n<use href="#g"/><image href="data:image/png;base64,iVBORw0KGgo="/>\n<style>rect { fill: url(#g) }</style>',
    );
    expect(messages(text)).toEqual([]);
  });

  it.each([
    ['a script element', '<script>alert(1)</script>', /<script> element/],
    ['a script hidden behind a prefix', '<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>', /<x:script> element/],
    ['an event handler', '<rect onclick="alert(1)"/>', /event handler attribute "onclick"/],
    ['an event handler in capitals', '<rect ONMOUSEOVER="alert(1)"/>', /event handler attribute "ONMOUSEOVER"/],
    ['a javascript: link', '<a href="javascript:alert(1)"><rect/></a>', /refers to "javascript:alert\(1\)"/],
    ['a link set by animation', '<a><set attributeName="href" to="javascript:alert(1)"/></a>', /<set> element that changes the "href" attribute/],
    ['an external image', '<image href="https://evil.example/x.png"/>', /refers to "https:\/\/evil\.example\/x\.png"/],
    ['an embedded SVG document', '<image href="data:image/svg+xml;base64,PHN2Zz4="/>', /refers to "data:image\/svg\+xml/],
    ['an external use', '<use xlink:href="https://evil.example/sprite.svg#a"/>', /"xlink:href" attribute/],
    ['a style that loads a font', '<style>@import url(https://evil.example/f.css);</style>', /<style> element that refers to "https:\/\/evil\.example\/f\.css"/],
    ['a style attribute that loads an image', '<rect style="fill: url(https://evil.example/x)"/>', /refers to "https:\/\/evil\.example\/x" in its "style" attribute/],
    ['an @import of a plain string', '<style>@import "https://evil.example/f.css";</style>', /<style> element that refers to "https:\/\/evil\.example\/f\.css"/],
    ['a fill from elsewhere', '<rect fill="url(https://evil.example/x)"/>', /refers to "https:\/\/evil\.example\/x" in its "fill" attribute/],
    ['a stroke from elsewhere, quoted', '<rect stroke="url( \'https://evil.example/x\' )"/>', /"stroke" attribute/],
    ['a filter from elsewhere', '<g filter="url(https://evil.example/f.svg#blur)"/>', /"filter" attribute/],
    ['a mask from a protocol-relative address', '<g mask="url(//evil.example/m.svg#m)"/>', /refers to "\/\/evil\.example\/m\.svg#m" in its "mask" attribute/],
    ['a clip path from a relative address', '<g clip-path="url(clips.svg#c)"/>', /"clip-path" attribute/],
    ['a marker from elsewhere', '<path marker-end="url(https://evil.example/m.svg#arrow)"/>', /"marker-end" attribute/],
    ['a cursor from elsewhere', '<g cursor="url(https://evil.example/c.png), auto"/>', /"cursor" attribute/],
    ['a fill in capitals', '<rect fill="URL(https://evil.example/x)"/>', /"fill" attribute/],
    ['a url() written with a CSS escape', '<style>rect { fill: \\75 rl(https://evil.example/x) }</style>', /<style> element that refers to "https:\/\/evil\.example\/x"/],
    ['an image-set() from elsewhere', '<g style="cursor: image-set(\'https://evil.example/c.png\' 1x), auto"/>', /"style" attribute/],
    ['a url() inside an image-set()', '<g style="cursor: image-set(url(https://evil.example/c.png) 1x), auto"/>', /refers to "https:\/\/evil\.example\/c\.png" in its "style" attribute/],
    ['an embedded SVG document as a fill', '<rect fill="url(data:image/svg+xml;base64,PHN2Zz4=)"/>', /refers to "data:image\/svg\+xml/],
    ['a foreignObject', '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>', /<foreignObject> element/],
  ])('is refused for %s, naming it at its line', (_, body, message) => {
    const found = messages(svg(body));
    expect(found).toContainEqual(expect.stringMatching(message));
    expect(found.every((m) => m.startsWith('2: '))).toBe(true);
  });

  it('passes presentation attributes that point inside the file', () => {
    const text = svg(
      '<defs><filter id="f"/><mask id="m"/><clipPath id="c"/><marker id="a"/></defs>\n<path fill="url(#g)" stroke="url( \'#g\' )" filter="url(#f)" mask="url(&quot;#m&quot;)" clip-path="url(#c)" marker-start="url(#a)" marker-mid="url(#a)" marker-end="url(#a)"/>',
    );
    expect(messages(text)).toEqual([]);
  });

  // Passed, and the file was published as it was: the browser loads the stylesheet for the image.
  it('is refused for an <?xml-stylesheet?> line, a CSS or an XSLT one, wherever it points', () => {
    for (const [line, loads] of [
      ['<?xml-stylesheet type="text/css" href="https://evil.example/x.css"?>', 'https://evil.example/x.css'],
      ["<?xml-stylesheet type='text/xsl' href='/files/t.xml'?>", '/files/t.xml'],
    ]) {
      expect(svgProblems('img/x.svg', `${line}\n${svg('<rect/>')}`).map((p) => [p.code, p.line, p.message])).toEqual([
        ['svg-external-reference', 1, `The SVG has an <?xml-stylesheet?> line that loads "${loads}": an image must not load anything from elsewhere.`],
      ]);
    }
  });

  it('names the line of a <style> element\'s reference, not of the element', () => {
    const found = messages(svg('<style>\nrect { fill: red }\ng { filter: url(https://evil.example/f.svg#f) }\n</style>'));
    expect(found).toEqual(['4: The SVG has a <style> element that refers to "https://evil.example/f.svg#f": an image must not load anything from elsewhere.']);
  });

  it('is refused when it declares entities that could hide its content', () => {
    const text = `<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x "y">]>\n${svg('<rect/>')}`;
    expect(messages(text)).toContainEqual(expect.stringMatching(/declares entities/));
  });

  // It read "…: 1:0: document must contain a root element.." for an empty file.
  it('says in plain words that an empty file has no root element', () => {
    expect(messages('')).toEqual(['1: The SVG is not well-formed XML: document must contain a root element.']);
  });

  it('is refused once, at the first error, when it is not well-formed', () => {
    const found = messages(svg('<rect><g></rect>'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^2: The SVG is not well-formed XML/);
  });
});

describe('the image checks a slice at a time', () => {
  it('find what one pass finds, in the same order, across slices', async () => {
    const files = Array.from({ length: 450 }, (_, i) => `img/services/s-${String(i).padStart(3, '0')}.svg`);
    const bad = new Set([files[3], files[250], files[449]]);
    const svgs = new Map(files.map((file) => [file, bad.has(file) ? svg('<script>alert(1)</script>') : svg('<rect/>')]));
    const source = { texts: new Map(), images: new Set([...files].reverse()), sizes: new Map(files.map((file) => [file, 100])), svgs, rasters: new Map() };
    const paced = await pacedImageChecks(source);
    expect(paced).toEqual(imageChecks(source));
    expect(paced.map((p) => p.file)).toEqual([files[3], files[250], files[449]]);
  });
});
