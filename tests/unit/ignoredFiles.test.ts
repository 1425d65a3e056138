import { describe, expect, it } from 'vitest';
import { ignoredFileProblems, inTextFolder } from '../../src/catalogue/ignoredFiles.ts';

const one = (file: string) => {
  const [problem] = ignoredFileProblems([file]);
  return { code: problem!.code, severity: problem!.severity, message: problem!.message, hint: problem!.hint };
};

describe('files in the text folders that the build does not read', () => {
  it('are those beside the files it reads, not in other folders', () => {
    expect(['categories/beta.YAML', 'descriptions/notes.txt', 'descriptions/old/a.md', 'cases/README'].every(inTextFolder)).toBe(true);
    expect(['img/x.txt', 'notes.txt', 'categories'].some(inTextFolder)).toBe(false);
  });

  it('name the lower-case name when only the extension\'s case is wrong', () => {
    expect(one('categories/beta.YAML')).toEqual({
      code: 'file-ignored',
      severity: 'warning',
      message: 'The build does not read this file: categories/ holds YAML files whose names end in .yaml or .yml, in lower case.',
      hint: 'Rename it to beta.yaml.',
    });
    expect(one('descriptions/alpha-1.Md').hint).toBe('Rename it to alpha-1.md.');
  });

  it('say what the folder holds for another kind of file', () => {
    expect(one('descriptions/notes.txt')).toMatchObject({
      message: 'The build does not read this file: descriptions/ holds Markdown files (.md).',
      hint: "Rename it to notes.md if it is a service's description, or move it out of the catalogue folder.",
    });
    expect(one('cases/README').hint).toBe('Rename it to README.md if it is a case study, or move it out of the catalogue folder.');
  });

  it('say that subfolders are not read', () => {
    expect(one('alternatives/drafts/icoda.md')).toMatchObject({
      message: 'The build does not read this file: only the files directly in alternatives/ are read, not those in its subfolders.',
      hint: 'Move it into alternatives/, or out of the catalogue folder.',
    });
  });

  // A folder cases/press-week.md was passed over without a word, and categories/beta.yaml as one was "There is no file".
  it('say so of a folder named as a text file (loadCatalogue writes it with a "/" after)', () => {
    expect(one('cases/press-week.md/')).toMatchObject({
      message: 'The build does not read cases/press-week.md: it is a folder, and cases/ holds Markdown files, a case study each.',
      hint: 'Make it a file: move what the folder holds elsewhere, delete the folder and save a case study as cases/press-week.md.',
    });
  });
});
