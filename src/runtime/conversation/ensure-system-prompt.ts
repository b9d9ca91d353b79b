import { toolSpecsForModel } from '../agent/tool-specs-for-model';
import { buildSystemPrompt } from '../context/system-prompt';
import type { Toolset } from '../tools/tool';
import type { ConversationLog } from './conversation-log';

/**
 * Appends the SystemPromptEvent (static part, dynamic part, tool specs as offered) when the active
 * branch has none: normally the first event of a conversation, or after navigating to an empty branch.
 */
export async function ensureSystemPrompt(
  log: ConversationLog,
  toolset: Toolset,
  ports: {
    newId(): string;
    clock(): Date;
    userSkillsDir?: string;
    /** Notices already in the log (a reloaded conversation's new toolset has the same to tell): not repeated. */
    toldNotices?: Set<string>;
    /** The secrets a command may name, told to the model by name (never by value). */
    secretNames?: readonly string[];
    /** Memory is on for the conversation's workspace (settings' memory_workspaces). */
    memory?: boolean;
  },
): Promise<void> {
  await toolset.ready?.();
  for (const notice of toolset.takeNotices?.() ?? []) {
    if (ports.toldNotices?.has(notice)) continue;
    ports.toldNotices?.add(notice);
    // For the person (a banner), not the model: the tools it lacks are simply not offered.
    await log.append({
      kind: 'ConversationErrorEvent',
      id: ports.newId(),
      timestamp: ports.clock().toISOString(),
      source: 'environment',
      code: 'MCPServerUnavailable',
      detail: notice,
    });
  }
  const hasPrompt = () => log.branch().some((event) => event.kind === 'SystemPromptEvent');
  if (hasPrompt()) return;
  const prompt = await buildSystemPrompt({
    workspaceDir: log.record().workspace_dir,
    now: ports.clock(),
    toolNames: toolset.tools.map((tool) => tool.name),
    ...(ports.userSkillsDir ? { userSkillsDir: ports.userSkillsDir } : {}),
    ...(ports.secretNames ? { secretNames: ports.secretNames } : {}),
    ...(ports.memory ? { memory: true } : {}),
    ...(log.record().skills ? { requestSkills: log.record().skills } : {}),
    ...(log.record().parent ? { subAgent: true } : {}),
  });
  if (hasPrompt()) return; // another caller appended it while this one was reading AGENTS.md
  await log.append({
    kind: 'SystemPromptEvent',
    id: ports.newId(),
    timestamp: ports.clock().toISOString(),
    source: 'agent',
    system_prompt: { type: 'text', text: prompt.static },
    ...(prompt.dynamic ? { dynamic_context: { type: 'text', text: prompt.dynamic } } : {}),
    tools: toolSpecsForModel(toolset.tools),
  });
}
