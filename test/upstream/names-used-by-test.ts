import ts from 'typescript';

/**
 * The member and function names one `it('<title>', …)` of a suite actually uses: every `x.name` (as
 * `name` and as `x.name`, x being the last name before it) and every called identifier inside its body, and, through the file's own top-level helpers it calls, in
 * theirs (transitively). Comments, strings and other tests do not count. Undefined when the suite has no
 * test with that title.
 */
export function namesUsedByTest(sourceText: string, title: string): Set<string> | undefined {
  const key = `${title}\u0000${sourceText}`;
  if (!answers.has(key)) answers.set(key, collectNames(sourceText, title));
  return answers.get(key);
}

/** The inventory asks about the same few tests over and over: each is parsed and walked once. */
const answers = new Map<string, Set<string> | undefined>();

function collectNames(sourceText: string, title: string): Set<string> | undefined {
  const file = ts.createSourceFile('suite.ts', sourceText, ts.ScriptTarget.Latest, true);
  const helpers = topLevelFunctions(file);
  const body = findTestBody(file, title);
  if (body === undefined) return undefined;
  const names = new Set<string>();
  const visitedHelpers = new Set<string>();
  const pending: ts.Node[] = [body];
  while (pending.length > 0) {
    const node = pending.pop() as ts.Node;
    const visit = (child: ts.Node): void => {
      if (ts.isPropertyAccessExpression(child)) {
        names.add(child.name.text);
        // `owner.member` too, for inventory entries that name the object they go through.
        const owner = child.expression;
        if (ts.isIdentifier(owner)) names.add(`${owner.text}.${child.name.text}`);
        if (ts.isPropertyAccessExpression(owner)) names.add(`${owner.name.text}.${child.name.text}`);
      }
      if (ts.isCallExpression(child) && ts.isIdentifier(child.expression)) {
        const called = child.expression.text;
        names.add(called);
        const helper = helpers.get(called);
        if (helper !== undefined && !visitedHelpers.has(called)) {
          visitedHelpers.add(called);
          pending.push(helper);
        }
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
  }
  return names;
}

/** Functions declared at the top of the file (`function f` or `const f = (…) =>`), by name. */
function topLevelFunctions(file: ts.SourceFile): Map<string, ts.Node> {
  const helpers = new Map<string, ts.Node>();
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      helpers.set(statement.name.text, statement.body);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer;
        if (
          ts.isIdentifier(declaration.name) &&
          value &&
          (ts.isArrowFunction(value) || ts.isFunctionExpression(value))
        ) {
          helpers.set(declaration.name.text, value.body);
        }
      }
    }
  }
  return helpers;
}

/** The callback of the `it`/`test` call whose first argument is exactly `title`. */
function findTestBody(file: ts.SourceFile, title: string): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined) return;
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      (node.expression.text === 'it' || node.expression.text === 'test')
    ) {
      const [first, callback] = node.arguments;
      if (
        first !== undefined &&
        ts.isStringLiteralLike(first) &&
        first.text === title &&
        callback !== undefined
      ) {
        found = callback;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
