import { describe, expect, it } from 'vitest';
import { DevTerminal } from '../../src/devTerminal.ts';

describe("dev's terminal between rebuilds", () => {
  it('names each change once, in order, as the rebuild starts, then forgets them', () => {
    const terminal = new DevTerminal();
    terminal.changed('Changed: catalogue/descriptions/a.md');
    terminal.changed('Changed: catalogue/descriptions/b.md');
    terminal.changed('Changed: catalogue/descriptions/a.md');
    expect(terminal.takeChanges()).toBe('Changed: catalogue/descriptions/a.md\nChanged: catalogue/descriptions/b.md');
    expect(terminal.takeChanges()).toBeUndefined();
  });

  it('names five files of many, and how many more', () => {
    const terminal = new DevTerminal();
    for (let i = 1; i <= 9; i++) terminal.changed(`Changed: d/${i}.md`, `/site/d/${i}.md`);
    expect(terminal.takeChanges()!.split('\n')).toEqual(['Changed: d/1.md', 'Changed: d/2.md', 'Changed: d/3.md', 'Changed: d/4.md', 'Changed: d/5.md', '…and 4 more files changed']);
  });

  it('names six files rather than five and "1 more"', () => {
    const terminal = new DevTerminal();
    for (let i = 1; i <= 6; i++) terminal.changed(`Changed: d/${i}.md`, `/site/d/${i}.md`);
    expect(terminal.takeChanges()!.split('\n')).toHaveLength(6);
  });

  it('says what happened to a folder first, however many of its files changed with it', () => {
    const terminal = new DevTerminal();
    for (let i = 1; i <= 20; i++) terminal.changed(`Changed: catalogue/d/${i}.md`, `/site/catalogue/d/${i}.md`);
    terminal.changed('catalogue/ is back; rebuilding.');
    const lines = terminal.takeChanges()!.split('\n');
    expect(lines[0]).toBe('catalogue/ is back; rebuilding.');
    expect(lines.at(-1)).toBe('…and 15 more files changed');
  });

  it('shows warnings once while they stay the same, and again once they change', () => {
    const terminal = new DevTerminal();
    expect(terminal.problems('warning A', false)).toBe('warning A');
    terminal.buildEnded();
    expect(terminal.problems('warning A', false)).toBeUndefined();
    terminal.buildEnded();
    expect(terminal.problems('warning A\nwarning B', false)).toBe('warning A\nwarning B');
  });

  it('shows errors on every build, even the same ones', () => {
    const terminal = new DevTerminal();
    expect(terminal.problems('error E', true)).toBe('error E');
    terminal.buildEnded();
    expect(terminal.problems('error E', true)).toBe('error E');
  });

  it('shows a warning again after a build that had none', () => {
    const terminal = new DevTerminal();
    expect(terminal.problems('warning A', false)).toBe('warning A');
    terminal.buildEnded();
    terminal.buildEnded();
    expect(terminal.problems('warning A', false)).toBe('warning A');
  });
});

describe("dev's terminal and files gone before the rebuild", () => {
  it('names no file that `named` turns down, and keeps lines that name none', () => {
    const terminal = new DevTerminal();
    terminal.changed('Changed: catalogue/categories/sedAb12Cd', '/site/catalogue/categories/sedAb12Cd');
    terminal.changed('Changed: catalogue/categories/listing.yaml', '/site/catalogue/categories/listing.yaml');
    terminal.changed('public/ is back; rebuilding.');
    expect(terminal.takeChanges((path) => !path.includes('sed'))).toBe('public/ is back; rebuilding.\nChanged: catalogue/categories/listing.yaml');
  });

  it('names nothing when every change was a temporary file', () => {
    const terminal = new DevTerminal();
    terminal.changed('Changed: catalogue/categories/sedAb12Cd', '/site/catalogue/categories/sedAb12Cd');
    expect(terminal.takeChanges(() => false)).toBeUndefined();
  });
});
