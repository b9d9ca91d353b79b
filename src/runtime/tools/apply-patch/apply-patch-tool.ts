import { z } from 'zod';
import {
  type ApplyPatchAction,
  type ApplyPatchObservation,
  type PatchFileChange,
  textContent,
} from '../../events';
import { confinedRoots } from '../../sandbox/confined-files/confined-root';
import type { Tool } from '../tool';
import { defineToolArguments } from '../tool-arguments';
import { commitPatch } from './commit-patch';
import { parsePatch } from './parse-patch';
import { planPatch } from './plan-patch';
import type { PlannedChange } from './planned-change';

/** Contents kept on the observation for the UI's diff; larger ones are left out rather than cut wrong. */
const MAX_DIFF_CHARACTERS = 200_000;

const applyPatchArguments = defineToolArguments(
  'apply_patch',
  z
    .strictObject({
      patch: z
        .string()
        .min(1)
        .describe(
          'The patch: "*** Begin Patch" … "*** End Patch" (see the description), or a unified diff (---/+++/@@).',
        ),
    })
    .transform((args): ApplyPatchAction => ({ kind: 'ApplyPatchAction', patch: args.patch })),
);

const DESCRIPTION = `Change several files in one call, all or nothing: if any file or hunk does not apply, nothing is changed and the error names it.
Format (paths relative to the workspace, or absolute inside it):
*** Begin Patch
*** Add File: src/new.ts
+line of the new file
*** Update File: src/app.ts
*** Move to: src/main.ts   (optional)
@@ function main() {   (optional: a line the hunk comes after)
 context line (space)
-removed line
+added line
*** Delete File: old.txt
*** End Patch
Give about 3 unchanged lines around each change so it is found; "*** End of File" after a hunk pins it to the end. A unified diff (git diff, diff -u) works too.
Only inside the workspace; git's own config and hooks are refused.`;

export function createApplyPatchTool(): Tool<ApplyPatchAction> {
  return {
    name: 'apply_patch',
    readOnly: false,
    spec: { name: 'apply_patch', description: DESCRIPTION, parameters: applyPatchArguments.parameters },
    parseArguments: applyPatchArguments.parse,
    async execute(action, context) {
      const parsed = parsePatch(action.patch);
      if (!parsed.ok) return observation(parsed.error, true, []);
      if (parsed.operations.length === 0) return observation('The patch changes no file.', true, []);
      // Only the workspace: saved tool outputs are read-only, so they are not even a root here.
      const roots = await confinedRoots(context.workspaceDir);
      const plan = await planPatch(parsed.operations, roots, context.workspaceDir);
      if (!plan.ok) return observation(plan.error, true, []);
      const failed = await commitPatch(plan.changes, roots, context.workspaceDir);
      if (failed !== undefined) return observation(failed, true, []);
      return observation(summary(plan.changes), false, plan.changes.map(toFileChange));
    },
  };
}

function summary(changes: readonly PlannedChange[]): string {
  const lines = changes.map((change) => {
    if (change.type === 'add') return `A ${change.path}`;
    if (change.type === 'delete') return `D ${change.path}`;
    return change.movePath === undefined ? `M ${change.path}` : `R ${change.path} -> ${change.movePath}`;
  });
  return [`Applied the patch (${changes.length} file(s)):`, ...lines].join('\n');
}

function toFileChange(change: PlannedChange): PatchFileChange {
  const small = (text: string | undefined) =>
    text !== undefined && text.length <= MAX_DIFF_CHARACTERS ? text : undefined;
  const oldContent = small(change.oldContent);
  const newContent = small(change.newContent);
  return {
    type: change.type,
    path: change.path,
    ...(change.movePath === undefined ? {} : { move_path: change.movePath }),
    ...(oldContent === undefined ? {} : { old_content: oldContent }),
    ...(newContent === undefined ? {} : { new_content: newContent }),
  };
}

function observation(text: string, isError: boolean, changes: PatchFileChange[]): ApplyPatchObservation {
  return { kind: 'ApplyPatchObservation', content: [textContent(text)], is_error: isError, changes };
}
