// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActionOfKind, ObservationOfKind } from '../api/wire-types';
import { MCPToolBody } from './mcp-tool-body';

afterEach(cleanup);

const action: ActionOfKind<'MCPToolAction'> = {
  kind: 'MCPToolAction',
  server: 'everything',
  tool: 'echo',
  arguments: { message: 'hello there' },
};
const answer = (text: string, isError = false): ObservationOfKind<'MCPToolObservation'> => ({
  kind: 'MCPToolObservation',
  server: 'everything',
  tool: 'echo',
  content: [{ type: 'text', text }],
  is_error: isError,
  timed_out: false,
});

describe('MCPToolBody', () => {
  it('shows the arguments, and the result once the server answered', () => {
    const { rerender } = render(<MCPToolBody action={action} running />);
    expect(screen.getByLabelText('Arguments').textContent).toContain('"message": "hello there"');
    expect(screen.getByText('Waiting for the server…')).toBeTruthy();
    rerender(<MCPToolBody action={action} observation={answer('Echo: hello there')} />);
    expect(screen.getByTestId('mcp-result').textContent).toBe('Echo: hello there');
    expect(screen.getByLabelText('Result')).toBeTruthy();
  });

  it('says a failed call failed, with the reason', () => {
    render(<MCPToolBody action={action} observation={answer('The MCP tool "echo" failed: gone', true)} />);
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByTestId('mcp-result').textContent).toContain('failed: gone');
  });
});
