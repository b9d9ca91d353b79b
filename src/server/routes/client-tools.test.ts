import { afterEach, describe, expect, it } from 'vitest';
import type { Event } from '../../runtime/events';
import { createScriptedLLM } from '../../runtime/llm/scripted-llm';
import { CLIENT_TOOL_DISPATCHED } from '../../runtime/tools/client/client-tool';
import { withUpstreamClientAction } from '../upstream/socket/upstream-server-events';
import { allEvents, call, waitForStatus } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The Agent Canvas 1.16.0's two client tools, descriptions cut short. */
const CANVAS_UI = {
  name: 'canvas_ui_control',
  description: 'Drives the right-side panel.',
  parameters: {
    type: 'object',
    additionalProperties: false,
    properties: {
      command: { type: 'string', enum: ['navigate_to_file', 'open_tab'] },
      tab: { type: 'string' },
    },
    required: ['command'],
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};
const LAUNCH_CHILD = {
  name: 'launch_child_conversation',
  description: 'Start a NEW, independent conversation.',
  parameters: {
    type: 'object',
    properties: { target: { type: 'string' }, task: { type: 'string' } },
    required: ['target', 'task'],
  },
};

function createBody(clientTools: unknown[]) {
  return {
    agent_settings: { agent_kind: 'openhands', tools: [{ name: 'terminal' }] },
    workspace: { kind: 'LocalWorkspace', working_dir: server?.workspace },
    client_tools: clientTools,
    confirmation_policy: { kind: 'NeverConfirm' },
  };
}

describe('client_tools: offered to the model, each call handed to the client as upstream does', () => {
  it('the model sees the declared tools; a call is recorded for the client and acknowledged at once, and the run goes on', async () => {
    const llm = createScriptedLLM({
      turns: [
        {
          tool_calls: [
            { name: 'canvas_ui_control', arguments: { command: 'open_tab', tab: 'terminal' } },
            {
              name: 'launch_child_conversation',
              arguments: { target: 'local', task: 'Write the docs', security_risk: 'LOW', summary: 'launch' },
            },
          ],
        },
        { text: 'Both handed over.' },
      ],
    });
    server = await createTestServer({ createLLM: () => llm });
    const created = await call(server, {
      method: 'POST',
      url: '/api/conversations',
      payload: {
        ...createBody([CANVAS_UI, LAUNCH_CHILD]),
        initial_message: { role: 'user', content: [{ type: 'text', text: 'Show me' }], run: true },
      },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    await waitForStatus(server, id, ['finished', 'idle', 'error', 'stuck']);

    const offered = llm.calls[0]?.tools.map((tool) => tool.name) ?? [];
    expect(offered).toEqual(
      expect.arrayContaining(['terminal', 'canvas_ui_control', 'launch_child_conversation']),
    );
    // A read-only client tool asks no security_risk, as upstream; another one does.
    const ui = llm.calls[0]?.tools.find((tool) => tool.name === 'canvas_ui_control');
    const launch = llm.calls[0]?.tools.find((tool) => tool.name === 'launch_child_conversation');
    expect(JSON.stringify(ui?.parameters)).not.toContain('security_risk');
    expect(JSON.stringify(launch?.parameters)).toContain('security_risk');

    const events = await allEvents(server, id);
    const actions = events.filter((event) => event.kind === 'ActionEvent');
    expect(actions.map((event) => [event.tool_name, event.action])).toEqual([
      [
        'canvas_ui_control',
        {
          kind: 'ClientToolAction',
          tool: 'canvas_ui_control',
          arguments: { command: 'open_tab', tab: 'terminal' },
        },
      ],
      [
        'launch_child_conversation',
        {
          kind: 'ClientToolAction',
          tool: 'launch_child_conversation',
          arguments: { target: 'local', task: 'Write the docs' },
        },
      ],
    ]);
    const observations = events.filter((event) => event.kind === 'ObservationEvent');
    expect(observations.map((event) => [event.tool_name, event.observation])).toEqual([
      [
        'canvas_ui_control',
        {
          kind: 'ClientToolObservation',
          tool: 'canvas_ui_control',
          content: [{ type: 'text', text: CLIENT_TOOL_DISPATCHED }],
          is_error: false,
        },
      ],
      [
        'launch_child_conversation',
        {
          kind: 'ClientToolObservation',
          tool: 'launch_child_conversation',
          content: [{ type: 'text', text: CLIENT_TOOL_DISPATCHED }],
          is_error: false,
        },
      ],
    ]);
    // The model reads the acknowledgment as the calls' results.
    expect(JSON.stringify(llm.calls[1]?.messages)).toContain(CLIENT_TOOL_DISPATCHED);
  });

  it('the upstream socket sends a call as upstream names it: ClientAction_<tool> with the arguments, an argument named kind cannot change it', () => {
    const event = {
      kind: 'ActionEvent',
      tool_name: 'canvas_ui_control',
      action: {
        kind: 'ClientToolAction',
        tool: 'canvas_ui_control',
        arguments: { command: 'open_tab', kind: 'TerminalAction' },
      },
    } as unknown as Event;
    expect(withUpstreamClientAction(event)).toMatchObject({
      tool_name: 'canvas_ui_control',
      action: { kind: 'ClientAction_canvas_ui_control', command: 'open_tab' },
    });
  });

  it('a fork keeps the client tools, as upstream keeps them in a fork', async () => {
    const llm = createScriptedLLM({ turns: [], fallback: { text: 'ok' } });
    server = await createTestServer({ createLLM: () => llm });
    const created = await call(server, {
      method: 'POST',
      url: '/api/conversations',
      payload: createBody([CANVAS_UI]),
    });
    const id = (created.body as { id: string }).id;
    const fork = await call(server, { method: 'POST', url: `/api/conversations/${id}/fork`, payload: {} });
    const forkId = (fork.body as { id: string }).id;
    await call(server, {
      method: 'POST',
      url: `/api/conversations/${forkId}/events`,
      payload: { role: 'user', content: [{ type: 'text', text: 'hi' }], run: true },
    });
    await waitForStatus(server, forkId, ['finished', 'idle', 'error']);
    expect(llm.calls.at(-1)?.tools.map((tool) => tool.name)).toContain('canvas_ui_control');
  });
});

describe("attack: a declared tool cannot take the place of the runtime's own", () => {
  it.each([
    ['named like our terminal', [{ ...LAUNCH_CHILD, name: 'terminal' }]],
    ['named like an MCP tool (server__tool)', [{ ...LAUNCH_CHILD, name: 'files__delete' }]],
    ['declared twice', [LAUNCH_CHILD, LAUNCH_CHILD]],
    ['with a name providers refuse', [{ ...LAUNCH_CHILD, name: 'rm -rf /' }]],
    ['with parameters that are no object schema', [{ ...LAUNCH_CHILD, parameters: { type: 'string' } }]],
  ])('a client tool %s is refused with 422 and nothing is created', async (_what, clientTools) => {
    server = await createTestServer();
    const refused = await call(server, {
      method: 'POST',
      url: '/api/conversations',
      payload: createBody(clientTools),
    });
    expect(refused.status).toBe(422);
    const listed = await call(server, { url: '/api/conversations/search' });
    expect((listed.body as { items: unknown[] }).items).toEqual([]);
  });
});
