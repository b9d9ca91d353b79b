import { describe, expect, it } from 'vitest';
import { COMPOSER_COMMANDS, matchingCommands, parseComposerCommand } from './composer-commands';

const names = (text: string) => matchingCommands(text).map((command) => command.name);

describe('matchingCommands', () => {
  it('offers every command for a lone slash', () => {
    expect(names('/')).toEqual(COMPOSER_COMMANDS.map((command) => command.name));
  });
  it('filters by prefix as you type, ignoring case', () => {
    expect(names('/c')).toEqual(['condense']);
    expect(names('/E')).toEqual(['export']);
    expect(names('/po')).toEqual(['policy']);
    expect(names('/n')).toEqual(['new']);
    expect(names('/branch')).toEqual(['branch']);
  });
  it('offers nothing once the text is not a command being typed', () => {
    expect(names('')).toEqual([]);
    expect(names('hello /new')).toEqual([]);
    expect(names(' /new')).toEqual([]);
    expect(names('/new ')).toEqual([]);
    expect(names('/usr/bin')).toEqual([]);
    expect(names('/x')).toEqual([]);
    expect(names('/new\nmore')).toEqual([]);
    expect(names('/newest')).toEqual([]);
  });
});

describe('parseComposerCommand', () => {
  it('names a command typed whole, in any case, with whitespace around', () => {
    expect(parseComposerCommand('/new')).toBe('new');
    expect(parseComposerCommand('  /Condense \n')).toBe('condense');
    expect(parseComposerCommand('/export')).toBe('export');
  });
  it('treats any other text starting with a slash as a message', () => {
    expect(parseComposerCommand('/newest')).toBeNull();
    expect(parseComposerCommand('/new please')).toBeNull();
    expect(parseComposerCommand('/etc/passwd is readable')).toBeNull();
    expect(parseComposerCommand('/')).toBeNull();
    expect(parseComposerCommand('new')).toBeNull();
    expect(parseComposerCommand('say /new')).toBeNull();
  });
});
