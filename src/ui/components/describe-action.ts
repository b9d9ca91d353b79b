import {
  Bot,
  BookOpen,
  FileDiff,
  FilePen,
  FolderTree,
  FolderSearch,
  TextSearch,
  ListTodo,
  type LucideIcon,
  Brain,
  Flag,
  NotebookPen,
  Plug,
  SquareTerminal,
  Wrench,
} from 'lucide-react';
import type { ActionEvent } from '../api/wire-types';

export interface ActionDescription {
  icon: LucideIcon;
  /** The tool as a person would name it. */
  toolLabel: string;
  /** One line: the agent's own summary when it gave one, else what the action does. */
  summary: string;
}

/** Icon, tool name and one-line summary for an action card or an approval row. */
export function describeAction(event: ActionEvent): ActionDescription {
  const given = event.summary?.trim();
  const action = event.action;
  if (!action)
    return { icon: Wrench, toolLabel: event.tool_name, summary: given || `Call to ${event.tool_name}` };
  switch (action.kind) {
    case 'TerminalAction':
      return { icon: SquareTerminal, toolLabel: 'Terminal', summary: given || firstLine(action.command) };
    case 'FileEditorAction':
      return {
        icon: FilePen,
        toolLabel: 'File editor',
        summary: given || `${verbOf(action.command)} ${action.path}`,
      };
    case 'GrepAction':
      return {
        icon: TextSearch,
        toolLabel: 'Search',
        summary: given || `Search for ${action.pattern}${action.path ? ` in ${action.path}` : ''}`,
      };
    case 'GlobAction':
      return {
        icon: FolderSearch,
        toolLabel: 'Find files',
        summary: given || `Find ${action.pattern}${action.path ? ` in ${action.path}` : ''}`,
      };
    case 'ListDirAction':
      return {
        icon: FolderTree,
        toolLabel: 'List',
        summary: given || `List ${action.path ?? 'the workspace'}`,
      };
    case 'ApplyPatchAction':
      return { icon: FileDiff, toolLabel: 'Patch', summary: given || patchSummary(action.patch) };
    case 'MemoryProposeAction':
      return { icon: NotebookPen, toolLabel: 'Memory', summary: given || 'Propose an addition to MEMORY.md' };
    case 'TaskTrackerAction':
      return {
        icon: ListTodo,
        toolLabel: 'Plan',
        summary: given || (action.command === 'plan' ? 'Update the plan' : 'Review the plan'),
      };
    case 'ThinkAction':
      return { icon: Brain, toolLabel: 'Think', summary: given || 'Thought it through' };
    case 'FinishAction':
      return { icon: Flag, toolLabel: 'Finish', summary: given || 'Finished the task' };
    case 'InvokeSkillAction':
      return { icon: BookOpen, toolLabel: 'Skill', summary: given || `Load the skill ${action.name}` };
    case 'MCPToolAction':
      return { icon: Plug, toolLabel: action.server, summary: given || `Call ${action.tool}` };
    case 'ClientToolAction':
      return {
        icon: Wrench,
        toolLabel: action.tool,
        summary: given || `Handed ${action.tool} to the front end`,
      };
    case 'TaskAction':
      return {
        icon: Bot,
        toolLabel: 'Sub-agent',
        summary: given || action.description || firstLine(action.prompt),
      };
  }
}

/** "Patch 3 files" from the patch's own file headers (either format). */
function patchSummary(patch: string): string {
  const files = patch
    .split('\n')
    .filter((line) => /^\*\*\* (?:Add|Update|Delete) File: |^\+\+\+ /.test(line)).length;
  return files === 1 ? 'Patch 1 file' : `Patch ${files} files`;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length < text.length ? `${line} …` : line;
}

function verbOf(command: string): string {
  const verbs: Record<string, string> = {
    view: 'View',
    create: 'Create',
    str_replace: 'Edit',
    insert: 'Insert into',
    undo_edit: 'Undo edit of',
  };
  return verbs[command] ?? command;
}
