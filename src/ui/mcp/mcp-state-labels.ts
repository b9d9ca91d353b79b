/** A server's state in words. */
export const MCP_STATE_LABELS = {
  starting: 'Starting',
  ready: 'Running',
  failed: 'Failed',
  disabled: 'Off',
  stopped: 'Stopped',
} as const;
