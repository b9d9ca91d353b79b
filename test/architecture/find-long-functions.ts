import ts from 'typescript';
import type { ProjectFile } from './project-files';
import { FUNCTION_LINE_LIMIT, type HouseRuleViolation } from './house-rule-violation';
import { lineOf, parseSource } from './parse-source';

/** The test runners' block functions: a callback passed straight to one of them is the file's body. */
const TEST_BLOCKS = new Set(['describe', 'it', 'test', 'suite']);
/** What may sit between the block's name and the call: `describe.each(table)`, `test.describe.serial`. */
const TEST_BLOCK_MODIFIERS = new Set([
  'describe',
  'each',
  'for',
  'skip',
  'only',
  'todo',
  'fails',
  'concurrent',
  'sequential',
  'serial',
  'parallel',
  'fixme',
  'skipIf',
  'runIf',
]);

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration;

function isFunctionNode(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** The names along a callee, root first: `test.describe.serial` gives test, describe, serial. */
function calleeNames(callee: ts.Expression): string[] | undefined {
  if (ts.isIdentifier(callee)) return [callee.text];
  if (ts.isPropertyAccessExpression(callee)) {
    const head = calleeNames(callee.expression);
    return head ? [...head, callee.name.text] : undefined;
  }
  // `describe.each(table)('name', callback)`: the block is the inner call's callee.
  if (ts.isCallExpression(callee)) return calleeNames(callee.expression);
  return undefined;
}

/** True for a callback passed directly to describe/it/test/suite (or one of their modifiers). */
export function isTestBlockCallback(node: FunctionNode): boolean {
  const parent = node.parent;
  if (!parent || !ts.isCallExpression(parent) || !parent.arguments.includes(node as ts.Expression)) {
    return false;
  }
  const names = calleeNames(parent.expression);
  if (!names || !TEST_BLOCKS.has(names[0] ?? '')) return false;
  return names.slice(1).every((name) => TEST_BLOCK_MODIFIERS.has(name));
}

/** A readable name for a function: its own, or the variable, property or call it is given to. */
function functionName(node: FunctionNode): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name && !ts.isComputedPropertyName(node.name)) return node.name.getText();
  const parent = node.parent;
  if (
    ts.isVariableDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent)
  ) {
    return parent.name.getText();
  }
  if (ts.isCallExpression(parent)) return `callback of ${parent.expression.getText().slice(0, 40)}`;
  return '<anonymous>';
}

/** Functions of one file spanning more than the limit (150 lines by the house style). */
export function findLongFunctions(file: ProjectFile, limit = FUNCTION_LINE_LIMIT): HouseRuleViolation[] {
  const source = parseSource(file.path, file.text);
  const violations: HouseRuleViolation[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionNode(node) && node.body && !isTestBlockCallback(node)) {
      const first = lineOf(source, node.getStart(source));
      const last = lineOf(source, node.getEnd());
      const span = last - first + 1;
      if (span > limit) {
        violations.push({
          rule: 'function-lines',
          paths: [file.path],
          message: `${file.path}:${first} function ${functionName(node)} spans ${span} lines (${first}-${last}), over the limit of ${limit}: split it into named steps`,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return violations;
}
