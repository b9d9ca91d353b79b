import ts from 'typescript';

/** Parses a file as the compiler would, picking JSX by its extension; never throws on bad syntax. */
export function parseSource(path: string, text: string): ts.SourceFile {
  const kind = path.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : path.endsWith('.mjs') || path.endsWith('.js')
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
}

/** The 1-based line a node starts on (its first token, not the comments before it). */
export function lineOf(source: ts.SourceFile, position: number): number {
  return source.getLineAndCharacterOfPosition(position).line + 1;
}
