// The catalogue's text files are UTF-8. load.ts decodes each with U+FFFD in place of bytes that are not UTF-8
// (a file saved as Latin-1 or Windows-1252 by an older editor), which the site would show as "Caf� cr�me":
// the first such place is reported, where the maintainer can find it.
import { error, type Problem } from './problems.ts';

/** A problem for each text that holds U+FFFD, at its first one. */
export function encodingProblems(texts: ReadonlyMap<string, string>): Problem[] {
  const problems: Problem[] = [];
  for (const [file, text] of texts) {
    const at = text.indexOf('\uFFFD');
    if (at < 0) continue;
    const before = text.slice(0, at);
    const line = before.split('\n').length;
    const column = at - before.lastIndexOf('\n');
    problems.push(
      error(
        'not-utf8',
        file,
        { line, column },
        'The file is not UTF-8 text: here is a character its bytes do not spell in UTF-8 (a letter such as "é" saved by an editor in another encoding, or the replacement character "�" itself).',
        'Save the file as UTF-8 in your editor (in VS Code: "Reopen with Encoding", then "Save with Encoding", UTF-8), and check the letters it shows here.',
      ),
    );
  }
  return problems;
}
