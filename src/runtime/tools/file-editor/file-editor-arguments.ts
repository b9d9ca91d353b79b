import { z } from 'zod';
import { type FileEditorAction, FileEditorCommandSchema } from '../../events';
import { defineToolArguments } from '../tool-arguments';

const FileEditorArgumentsSchema = z
  .object({
    command: FileEditorCommandSchema.describe(
      'view: show a file with line numbers, or list a directory two levels deep. create: write a new file. str_replace: replace one exact occurrence of old_str. insert: add new_str after line insert_line. undo_edit: revert the last edit of the file.',
    ),
    path: z.string().describe('Absolute path of the file or directory, e.g. /workspace/src/main.py.'),
    file_text: z.string().optional().describe('create: the whole content of the new file.'),
    old_str: z
      .string()
      .min(1)
      .optional()
      .describe(
        'str_replace: the exact text to replace; it must occur exactly once, so include enough context.',
      ),
    new_str: z
      .string()
      .optional()
      .describe('str_replace: the replacement (empty deletes). insert: the text to insert.'),
    insert_line: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe('insert: the line after which new_str goes; 0 inserts at the top.'),
    view_range: z
      .array(z.number().int())
      .length(2)
      .optional()
      .describe(
        'view of a file: [first, last] line numbers, 1-based and inclusive; last -1 means to the end.',
      ),
  })
  .superRefine((args, context) => {
    const need = (name: keyof typeof args, present: boolean) => {
      if (!present)
        context.addIssue({ code: 'custom', path: [name], message: `required for ${args.command}` });
    };
    if (args.command === 'create') need('file_text', args.file_text !== undefined);
    if (args.command === 'str_replace') need('old_str', args.old_str !== undefined);
    if (args.command === 'insert') {
      need('insert_line', args.insert_line !== undefined);
      need('new_str', args.new_str !== undefined);
    }
  });

export const fileEditorArguments = defineToolArguments(
  'file_editor',
  FileEditorArgumentsSchema.transform((args): FileEditorAction => {
    const [first, last] = args.view_range ?? [];
    return {
      kind: 'FileEditorAction',
      command: args.command,
      path: args.path,
      ...(args.file_text === undefined ? {} : { file_text: args.file_text }),
      ...(args.old_str === undefined ? {} : { old_str: args.old_str }),
      ...(args.new_str === undefined ? {} : { new_str: args.new_str }),
      ...(args.insert_line === undefined ? {} : { insert_line: args.insert_line }),
      ...(first === undefined || last === undefined ? {} : { view_range: [first, last] as [number, number] }),
    };
  }),
);
