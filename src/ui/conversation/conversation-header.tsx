import { Bot, GitBranch } from 'lucide-react';
import type { ConversationInfo } from '../api/wire-types';
import { ConversationRulesButton } from '../approval-rules/conversation-rules-button';
import { ConversationBudgetButton } from '../budgets/conversation-budget-button';
import { PageHeader } from '../components/page-header-slot';
import { MCPButton } from '../mcp/mcp-button';
import { SkillsButton } from '../skills/skills-button';
import { ModelPicker } from './model-picker';
import { NetworkSwitch } from './network-switch';
import { PolicySwitcher } from './policy-switcher';
import { RelatedConversationLink } from './related-conversation-link';
import { SandboxLabel } from './sandbox-label';
import type { SidePanel } from './side-panel-switches';
import { SidePanelToggles } from './side-panel-switches';
import type { ConversationCommands } from './use-conversation-commands';

/**
 * What the conversation puts in the page header: its title and where it came from, then its tools
 * (model, skills, MCP, side panels, network, rules, budget, policy). The tools that change the
 * conversation wait for its info; `onInfo` takes the conversation as a save returned it, and
 * `refreshInfo` asks the runtime again after a change that returns nothing.
 */
export function ConversationHeader({
  conversationId,
  info,
  commands,
  sidePanel,
  onShowSide,
  onInfo,
  refreshInfo,
}: {
  conversationId: string;
  info: ConversationInfo | null;
  commands: ConversationCommands;
  sidePanel: SidePanel | null;
  onShowSide: (panel: SidePanel) => void;
  onInfo: (info: ConversationInfo) => void;
  refreshInfo: () => void;
}) {
  return (
    <PageHeader>
      <h1 className="page-title" title={info?.title}>
        {info?.title ?? 'Loading…'}
      </h1>
      {info?.forked_from_conversation_id ? (
        <RelatedConversationLink
          conversationId={info.forked_from_conversation_id}
          label="Branched from"
          icon={GitBranch}
          testId="forked-from"
        />
      ) : null}
      {info?.parent_conversation_id ? (
        <RelatedConversationLink
          conversationId={info.parent_conversation_id}
          label="Sub-agent of"
          icon={Bot}
          testId="parent-conversation"
        />
      ) : null}
      {info?.sandbox ? <SandboxLabel kind={info.sandbox} image={info.sandbox_image} /> : null}
      <span className="conversation__header-spacer" />
      {info ? (
        <ModelPicker conversationId={conversationId} model={info.llm.model} onChanged={refreshInfo} />
      ) : null}
      <SkillsButton conversationId={conversationId} />
      <MCPButton conversationId={conversationId} />
      <SidePanelToggles shown={sidePanel} onShow={onShowSide} />
      {info ? (
        <NetworkSwitch
          enabled={info.network_access}
          busy={commands.setNetwork.isPending}
          onChange={(enabled) => commands.setNetwork.mutate(enabled)}
        />
      ) : null}
      {info ? <ConversationRulesButton conversationId={conversationId} info={info} onInfo={onInfo} /> : null}
      {info ? (
        <ConversationBudgetButton conversationId={conversationId} budgets={info.budgets} onInfo={onInfo} />
      ) : null}
      {info ? (
        <PolicySwitcher
          policy={info.confirmation_policy}
          busy={commands.setPolicy.isPending}
          onChange={(policy) => commands.setPolicy.mutate(policy, { onSuccess: refreshInfo })}
        />
      ) : null}
    </PageHeader>
  );
}
