import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentText, type FileEditorObservation } from '../../../events';
import type { Tool, ToolContext } from '../../tool';
import { createFileEditorTool } from '../file-editor-tool';

export type EditorResult = FileEditorObservation & { text: string };

/**
 * A real file system under os.tmpdir(): `root/workspace`, and a data dir beside it holding a
 * session key and the conversation's observations dir, as the runtime lays them out. The caller must
 * call `dispose` (it removes everything).
 */
export interface EditorHarness {
  root: string;
  workspaceDir: string;
  dataDir: string;
  observationsDir: string;
  inWorkspace(name: string): string;
  edit(args: Record<string, unknown>, context?: Partial<ToolContext>): Promise<EditorResult>;
  dispose(): Promise<void>;
}

export async function createEditorHarness(): Promise<EditorHarness> {
  const root = await mkdtemp(join(tmpdir(), 'awb-editor-test-'));
  const workspaceDir = join(root, 'workspace');
  const dataDir = join(root, 'data');
  const observationsDir = join(dataDir, 'observations', 'c1');
  await mkdir(workspaceDir);
  await mkdir(observationsDir, { recursive: true });
  await writeFile(join(dataDir, 'session-key'), 'SESSION-KEY-SECRET\n', { mode: 0o600 });
  const editor: Tool = createFileEditorTool();
  return {
    root,
    workspaceDir,
    dataDir,
    observationsDir,
    inWorkspace: (name) => join(workspaceDir, name),
    async edit(args, context = {}) {
      const parsed = editor.parseArguments(args);
      if (!parsed.ok) throw new Error(parsed.error);
      const observation = (await editor.execute(parsed.action, {
        conversationId: 'c1',
        workspaceDir,
        observationsDir,
        signal: new AbortController().signal,
        ...context,
      })) as FileEditorObservation;
      return { ...observation, text: contentText(observation.content) };
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}
