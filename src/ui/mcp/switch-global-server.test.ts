import { describe, expect, it } from 'vitest';
import {
  type ConversationMCPServer,
  disabledGlobalNames,
  isSwitchable,
  switchGlobalServer,
} from './switch-global-server';

const tool = { name: 'echo', model_name: 'a__echo', description: 'Echo', risk: 'LOW' as const };
const running: ConversationMCPServer = {
  name: 'a',
  transport: 'stdio',
  state: 'ready',
  source: 'settings',
  tools: [tool],
};
const offHere: ConversationMCPServer = {
  name: 'b',
  transport: 'http',
  state: 'disabled',
  disabled_by: 'conversation',
  source: 'settings',
  tools: [],
};
const offInSettings: ConversationMCPServer = { ...offHere, name: 'c', disabled_by: 'settings' };
const own: ConversationMCPServer = { ...offHere, name: 'd', source: 'conversation' };
const servers = [running, offHere, offInSettings, own];

describe('switching a global MCP server for one conversation', () => {
  it('only global servers the settings leave on can be switched', () => {
    expect(servers.map(isSwitchable)).toEqual([true, true, false, false]);
  });

  it('the conversation turned off only the global servers it disabled itself', () => {
    expect(disabledGlobalNames(servers)).toEqual(['b']);
  });

  it('off: adds the name and shows the server off with no tools at once', () => {
    const { disabledGlobal, optimistic } = switchGlobalServer(servers, 'a', false);
    expect(disabledGlobal).toEqual(['b', 'a']);
    expect(optimistic[0]).toEqual({ ...running, state: 'disabled', disabled_by: 'conversation', tools: [] });
    expect(optimistic.slice(1)).toEqual(servers.slice(1));
  });

  it('on: drops the name and shows the server starting', () => {
    const { disabledGlobal, optimistic } = switchGlobalServer(servers, 'b', true);
    expect(disabledGlobal).toEqual([]);
    expect(optimistic[1]).toEqual({
      name: 'b',
      transport: 'http',
      state: 'starting',
      source: 'settings',
      tools: [],
    });
  });
});
