// The catalogue's text files are UTF-8. load.ts decodes each with U+FFFD in place of bytes that are not UTF-8
// (a file saved as Latin-1 or Windows-1252 by an older editor), which the site would show as "Caf� cr�me":
// the first such place is reported, where the maintainer can find it.
import { error, type Problem } from './problems.ts';

/** Control characters but tab and the line ends: no editor shows them, and a page shows NUL as "�" and the others
 *  as nothing, or as a stray glyph. A YAML file's are the schema's to report, field by field. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Where `at` is in `text`: its line and column, from 1. */
function placeOf(text: string, at: number) {
  const before = text.slice(0, at);
  return { line: before.split('\n').length, column: at - before.lastIndexOf('\n') };
}

/** A problem for each text that holds U+FFFD, at its first one, and for each Markdown text that holds a control
 *  character, at its first one. */
export function encodingProblems(texts: ReadonlyMap<string, string>): Problem[] {
  const problems: Problem[] = [];
  for (const [file, text] of texts) {
    const control = file.endsWith('.md') ? CONTROL.exec(text) : null;
    if (control) {
      const code = control[0].charCodeAt(0);
      problems.push(
        error(
          'control-character',
          file,
          placeOf(text, control.index),
          `The file holds a control character here (U+${code.toString(16).toUpperCase().padStart(4, '0')}), which editors do not show and the page would show as "�", a stray mark or nothing.`,
          'Retype the words around the place shown, which removes it: it is invisible, and comes with text pasted from a terminal or a PDF.',
        ),
      );
    }
    const at = text.indexOf('\uFFFD');
    if (at < 0) continue;
    problems.push(
      error(
        'not-utf8',
        file,
        placeOf(text, at),
        'The file is not UTF-8 text: here is a character its bytes do not spell in UTF-8 (a letter such as "é" saved by an editor in another encoding, or the replacement character "�" itself).',
        'Save the file as UTF-8 in your editor (in VS Code: "Reopen with Encoding", then "Save with Encoding", UTF-8), and check the letters it shows here.',
      ),
    );
  }
  return problems;
}
