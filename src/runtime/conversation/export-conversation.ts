import { decisionLine } from '../../event-facts';
import { type ConversationInfo, contentText, type Event } from '../events';
import type { CorruptRow } from '../store/event-store';
import { redactValue } from '../secrets/redact-values';

export interface ExportedConversation {
  content: string;
  filename: string;
  contentType: string;
}

/**
 * The active branch as a file: JSON (info and events) or Markdown for people; secrets redacted in both
 * (placeholders `‹secret:NAME›`, see secrets/secret-placeholder).
 * Rows the store could not read are named (seq and why) in both formats, so an export never hides
 * that something is missing.
 */
export function exportConversation(
  info: ConversationInfo,
  branch: readonly Event[],
  format: 'json' | 'md',
  /** Bare secret values, or the runtime registry's deep redaction for this conversation. */
  secrets: readonly string[] | (<T>(value: T) => T),
  unreadable: readonly CorruptRow[] = [],
): ExportedConversation {
  const skipped = unreadable.map(({ seq, error }) => ({ seq, error }));
  const redact = typeof secrets === 'function' ? secrets : <T>(value: T): T => redactValue(value, secrets);
  const safeInfo = redact(info);
  const safeEvents = redact([...branch]);
  const base = `conversation-${info.id.slice(0, 8)}`;
  if (format === 'json') {
    return {
      content: `${JSON.stringify({ conversation: safeInfo, events: safeEvents, skipped_events: skipped }, null, 2)}\n`,
      filename: `${base}.json`,
      contentType: 'application/json',
    };
  }
  const header = [
    `# ${safeInfo.title}`,
    '',
    `- Created: ${info.created_at}`,
    `- Workspace: \`${safeInfo.workspace.working_dir}\``,
    `- Model: ${info.llm.provider} ${info.llm.model}`,
    `- Status: ${info.execution_status}`,
    '',
    ...skippedNotice(skipped),
  ];
  const body = safeEvents.map(renderEvent).filter((section): section is string => section !== null);
  return {
    content: `${[...header, ...body].join('\n')}\n`,
    filename: `${base}.md`,
    contentType: 'text/markdown',
  };
}

function renderEvent(event: Event): string | null {
  switch (event.kind) {
    case 'MessageEvent': {
      const who = event.source === 'user' ? 'User' : event.source === 'agent' ? 'Agent' : 'Environment';
      return `## ${who}\n\n${contentText(event.llm_message.content) || '_(empty)_'}\n`;
    }
    case 'ActionEvent': {
      const thought = contentText(event.thought);
      const summary = event.summary ? ` — ${event.summary}` : '';
      return `${thought ? `${thought}\n\n` : ''}### Tool call: ${event.tool_name}${summary} (risk ${event.security_risk})\n\n${fence(event.tool_call.arguments)}`;
    }
    case 'ObservationEvent':
      return `### Result of ${event.tool_name}${event.observation.is_error ? ' (error)' : ''}\n\n${fence(contentText(event.observation.content))}`;
    case 'AgentErrorEvent':
      return `### Error from ${event.tool_name}\n\n${fence(event.error)}`;
    case 'UserRejectObservation':
      return `### Rejected ${event.tool_name}\n\n${event.rejection_reason}\n`;
    case 'ConversationErrorEvent':
      return `> **${event.code}**: ${event.detail}\n`;
    case 'Condensation':
      return event.summary ? `> _Earlier events condensed:_ ${event.summary.replace(/\n/g, ' ')}\n` : null;
    case 'ConfirmationDecisionEvent':
      return `> ${decisionLine(event)}\n`;
    case 'FilesRestoredEvent':
      return `> _Files restored to checkpoint ${event.checkpoint_id.slice(0, 12)}: ${event.files.map((file) => file.path).join(', ') || 'no file changed'}_\n`;
    case 'TerminalCommandEvent':
      return `> _The person ran \`${event.command}\` in their terminal (exit ${event.exit_code})_\n`;
    case 'HookExecutionEvent': {
      const target = event.tool_name ? ` (${event.tool_name})` : '';
      const verdict = event.timed_out ? 'timed out' : event.blocked ? 'blocked' : (event.decision ?? 'ran');
      return `> _Hook ${event.hook_event_type}${target} \`${event.hook_command}\`: ${verdict}, exit ${event.exit_code}${event.reason ? `: ${event.reason}` : ''}_\n`;
    }
    case 'PauseEvent':
      return '> _Paused_\n';
    case 'InterruptEvent':
      return '> _Interrupted_\n';
    default:
      return null;
  }
}

function skippedNotice(skipped: readonly { seq: number; error: string }[]): string[] {
  if (skipped.length === 0) return [];
  return [
    `> **${skipped.length} event${skipped.length === 1 ? '' : 's'} could not be read and ${skipped.length === 1 ? 'is' : 'are'} missing below:**`,
    ...skipped.map(({ seq, error }) => `> - seq ${seq}: ${error}`),
    '',
  ];
}

function fence(text: string): string {
  const longestRun = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const ticks = '`'.repeat(longestRun + 1);
  return `${ticks}\n${text}\n${ticks}\n`;
}
