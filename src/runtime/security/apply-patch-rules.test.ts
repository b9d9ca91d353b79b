import { describe, expect, it } from 'vitest';
import type { Action, ApprovalRule, RuleEffect } from '../events';
import { evaluateApprovalRules } from './evaluate-approval-rules';

// The agent writes the patch: it chooses which files it names and in what order, so a rule about a
// path must hold for every file the patch touches, not for the first one or for none.
let count = 0;
function pathRule(tool: string, effect: RuleEffect, glob: string): ApprovalRule {
  count += 1;
  return {
    id: `00000000-0000-4000-8000-${count.toString().padStart(12, '0')}`,
    tool,
    matcher: { kind: 'path_glob', glob },
    effect,
    allow_high_risk: false,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

const patch = (...sections: string[]): Action => ({
  kind: 'ApplyPatchAction',
  patch: ['*** Begin Patch', ...sections, '*** End Patch'].join('\n'),
});
const update = (path: string) => `*** Update File: ${path}\n@@\n-a\n+b`;
const add = (path: string) => `*** Add File: ${path}\n+x`;

function verdictOf(action: Action, rules: ApprovalRule[]) {
  return evaluateApprovalRules({
    toolName: 'apply_patch',
    action,
    risk: 'LOW',
    workspaceDir: '/w',
    conversationRules: rules,
    globalRules: [],
  }).verdict?.effect;
}

describe('approval rules on apply_patch', () => {
  it('a deny rule on a path is not dodged by naming an allowed file first', () => {
    const rules = [pathRule('apply_patch', 'deny', '.github/**'), pathRule('apply_patch', 'allow', 'src/**')];
    expect(verdictOf(patch(update('src/app.ts'), add('.github/workflows/ci.yml')), rules)).toBe('deny');
  });

  it("a file editor's deny or ask rule on a path holds for a patch of that path too", () => {
    expect(
      verdictOf(patch(update('src/app.ts'), update('.env')), [pathRule('file_editor', 'deny', '.env')]),
    ).toBe('deny');
    expect(verdictOf(patch(add('secrets/key.pem')), [pathRule('file_editor', 'ask', 'secrets/**')])).toBe(
      'ask',
    );
  });

  it('a move is judged on where it comes from and where it goes', () => {
    const moved = patch('*** Update File: src/a.ts\n*** Move to: .github/workflows/a.yml\n@@\n-a\n+b');
    expect(verdictOf(moved, [pathRule('apply_patch', 'deny', '.github/**')])).toBe('deny');
  });

  it('a unified diff names its files for the rules as well', () => {
    const unified: Action = {
      kind: 'ApplyPatchAction',
      patch:
        '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-a\n+b\n--- a/.env\n+++ b/.env\n@@ -1 +1 @@\n-a\n+b\n',
    };
    expect(verdictOf(unified, [pathRule('apply_patch', 'deny', '.env')])).toBe('deny');
  });

  it('an allow rule allows only a patch whose every file it covers; a path out by .. is no match', () => {
    const rules = [pathRule('apply_patch', 'allow', 'src/**')];
    expect(verdictOf(patch(update('src/a.ts'), add('src/b.ts')), rules)).toBe('allow');
    expect(verdictOf(patch(update('src/a.ts'), update('package.json')), rules)).toBeUndefined();
    expect(verdictOf(patch(update('src/../../etc/passwd')), rules)).toBeUndefined();
    expect(verdictOf(patch(), rules)).toBeUndefined();
  });

  it("a file editor's allow rule does not allow a patch (it was given for the editor's single edits)", () => {
    expect(
      verdictOf(patch(update('src/a.ts')), [pathRule('file_editor', 'allow', 'src/**')]),
    ).toBeUndefined();
  });
});
