import { z } from 'zod';
import { type TaskItem, type TaskTrackerAction, type TaskTrackerObservation, textContent } from '../events';
import type { Tool } from './tool';
import { defineToolArguments } from './tool-arguments';

const TaskTrackerArgumentsSchema = z
  .object({
    command: z
      .enum(['view', 'plan'])
      .describe('view: show the current task list. plan: replace it with task_list.'),
    task_list: z
      .array(
        z.object({
          title: z.string().min(1).describe('What the task achieves, in a few words.'),
          notes: z.string().optional().describe('Details, findings or the next step.'),
          status: z.enum(['todo', 'in_progress', 'done']),
        }),
      )
      .optional()
      .describe('plan: the complete list, in order. Send every task each time, with its current status.'),
  })
  .superRefine((args, context) => {
    if (args.command === 'plan' && args.task_list === undefined) {
      context.addIssue({ code: 'custom', path: ['task_list'], message: 'required for plan' });
    }
  });

const taskTrackerArguments = defineToolArguments(
  'task_tracker',
  TaskTrackerArgumentsSchema.transform(
    (args): TaskTrackerAction => ({
      kind: 'TaskTrackerAction',
      command: args.command,
      task_list: (args.task_list ?? []).map((task) => ({
        title: task.title,
        status: task.status,
        ...(task.notes === undefined ? {} : { notes: task.notes }),
      })),
    }),
  ),
);

const DESCRIPTION = `Keep a visible plan for multi-step work. Use plan to write the whole task list (each task todo, in_progress or done) at the start, and again whenever a task changes status; keep exactly one task in_progress while working. view shows the current list. Skip it for one-step requests.`;

const STATUS_LABEL: Record<TaskItem['status'], string> = {
  todo: 'todo',
  in_progress: 'in progress',
  done: 'done',
};

/** The task list lives with the toolset, so it lasts as long as the conversation's tools do. */
export function createTaskTrackerTool(): Tool<TaskTrackerAction> {
  let tasks: TaskItem[] = [];
  return {
    name: 'task_tracker',
    readOnly: true,
    spec: { name: 'task_tracker', description: DESCRIPTION, parameters: taskTrackerArguments.parameters },
    parseArguments: taskTrackerArguments.parse,
    async execute(action): Promise<TaskTrackerObservation> {
      if (action.command === 'plan') tasks = action.task_list.map((task) => ({ ...task }));
      const heading = action.command === 'plan' ? 'Task list updated' : 'Current task list';
      return {
        kind: 'TaskTrackerObservation',
        content: [textContent(renderTasks(heading, tasks))],
        is_error: false,
        command: action.command,
        task_list: tasks.map((task) => ({ ...task })),
      };
    },
  };
}

export function renderTasks(heading: string, tasks: readonly TaskItem[]): string {
  if (tasks.length === 0) return `${heading}: no tasks. Use plan with task_list to create them.`;
  const done = tasks.filter((task) => task.status === 'done').length;
  const lines = tasks.flatMap((task, index) => [
    `${index + 1}. [${STATUS_LABEL[task.status]}] ${task.title}`,
    ...(task.notes ? [`   ${task.notes}`] : []),
  ]);
  return [`${heading} (${done} of ${tasks.length} done):`, ...lines].join('\n');
}
