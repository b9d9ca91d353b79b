import ts from 'typescript';
import { lineOf, parseSource } from './parse-source';

/** One import of a file: what it names, on which line, and whether only types cross it. */
export interface ImportLine {
  specifier: string;
  line: number;
  typeOnly: boolean;
}

/** True when an import declaration brings in nothing that exists at run time. */
function importIsTypeOnly(declaration: ts.ImportDeclaration): boolean {
  const clause = declaration.importClause;
  // `import './x'` runs the module: a value import.
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

function exportIsTypeOnly(declaration: ts.ExportDeclaration): boolean {
  if (declaration.isTypeOnly) return true;
  const clause = declaration.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((element) => element.isTypeOnly)
  );
}

/**
 * Every module a file names: static imports and re-exports, dynamic `import()`, `require()` and
 * `import('x').Type` in type positions. Read with the compiler's parser, so text in strings and
 * comments never counts.
 */
export function readImports(path: string, text: string): ImportLine[] {
  const source = parseSource(path, text);
  const imports: ImportLine[] = [];
  const add = (literal: ts.Node | undefined, typeOnly: boolean): void => {
    if (literal && ts.isStringLiteralLike(literal)) {
      imports.push({ specifier: literal.text, line: lineOf(source, literal.getStart(source)), typeOnly });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, importIsTypeOnly(node));
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, exportIsTypeOnly(node));
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal, true);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const dynamicImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const requireCall = ts.isIdentifier(callee) && callee.text === 'require';
      if (dynamicImport || requireCall) add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return imports;
}
