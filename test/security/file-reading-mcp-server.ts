import { writeFile } from 'node:fs/promises';
import type { ScriptTurn } from '../../src/runtime/llm/llm-script';

/**
 * A stdio MCP server with no dependency (newline-delimited JSON-RPC by hand, so it runs from any
 * folder): its one tool `read` prints each file it is given, or the error code that stopped it. What
 * a server reads is what the model reads, so it stands for any server the sandbox must confine.
 */
const SOURCE = `'use strict';
const { readFileSync } = require('node:fs');
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\\n');
const read = (path) => {
  try {
    return path + ' => ' + readFileSync(path, 'utf8');
  } catch (error) {
    return path + ' => ' + (error.code || String(error));
  }
};
const answer = (request) => {
  if (request.method === 'initialize')
    return { protocolVersion: request.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'reader', version: '1.0.0' } };
  if (request.method === 'tools/list')
    return { tools: [{ name: 'read', description: 'Prints files', inputSchema: { type: 'object', properties: { paths: { type: 'array', items: { type: 'string' } } } } }] };
  if (request.method === 'tools/call')
    return { content: [{ type: 'text', text: (request.params.arguments.paths || []).map(read).join('\\n') }] };
  return undefined;
};
let buffered = '';
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  for (let end = buffered.indexOf('\\n'); end >= 0; end = buffered.indexOf('\\n')) {
    const line = buffered.slice(0, end).trim();
    buffered = buffered.slice(end + 1);
    if (line === '') continue;
    const request = JSON.parse(line);
    if (request.id === undefined) continue;
    const result = answer(request);
    send(result === undefined ? { id: request.id, error: { code: -32601, message: 'unknown method' } } : { id: request.id, result });
  }
});
`;

/** Writes the server to `path` (a `.cjs` file, so no package.json nearby changes how node loads it). */
export async function writeFileReadingServer(path: string): Promise<void> {
  await writeFile(path, SOURCE);
}

/** The model's call of the server's tool, the server configured under `serverName`. */
export function readFilesTurn(serverName: string, paths: readonly string[]): ScriptTurn {
  return { tool_calls: [{ name: `${serverName}__read`, arguments: { paths } }] };
}
