import { DEFAULT_AUTOMATION_PORT, DEFAULT_HOST, DEFAULT_PORT, DEFAULT_RUNTIME_PORT } from './parse-cli-args';

/** The --help text; also printed (to stderr) after a usage error. */
export const USAGE = `Usage: agent-workbench [options]
       agent-workbench agent-server [--host HOST] [--port N] [--allow-origin ORIGIN]... [--data-dir DIR]
                                    [--workspace DIR] [--database-url URL] [--public]

Starts the Agent Workbench runtime and its automation service, and serves the web app on one local port.

Options:
  --port N            port the browser opens (default ${DEFAULT_PORT})
  --host HOST         address to bind (default ${DEFAULT_HOST}; non-loopback needs --public)
  --runtime-port N    port of the runtime child process on 127.0.0.1 (default ${DEFAULT_RUNTIME_PORT})
  --automation-port N port of the automation service (schedules, webhooks) on 127.0.0.1
                      (default ${DEFAULT_AUTOMATION_PORT})
  --data-dir DIR      where conversations, settings and the session key live
                      (default ~/.agent-workbench, env AGENT_WORKBENCH_DATA_DIR)
  --workspace DIR     default working folder for new conversations (default: current folder)
  --no-open           do not open a browser
  --public            allow a non-loopback --host; needs AGENT_WORKBENCH_SESSION_KEY set,
                      and the web app then asks for the key instead of receiving it
  --runtime-url URL   use an already running runtime instead of starting one
  --database-url URL  keep conversations and automations in PostgreSQL
                      (postgres://user:password@host/db) instead of the data dir's SQLite file
                      (env AGENT_WORKBENCH_DATABASE_URL)
  --runtimes N        start N runtime processes on that database (ports --runtime-port and up),
                      each conversation served by one of them at a time (default 1)
  --allow-origin O    let pages of another front end at origin O (e.g. http://127.0.0.1:3001) call the
                      runtime: CORS, changes and sockets from exactly that origin; repeatable
  --sandbox KIND      where the agent's commands run: bubblewrap (default), docker (one container
                      per conversation, through the Docker Engine API) or none (no confinement at all,
                      as AGENT_WORKBENCH_SANDBOX=0); default: the settings' choice
  --sandbox-image IMG the image of docker sandboxes (default agent-workbench-sandbox:1, built by
                      npm run sandbox-image)
  -h, --help          show this help
  -v, --version       print the version

agent-server runs the runtime alone in the foreground, a drop-in for openhands-agent-server (default
port 8000): its key is OH_SESSION_API_KEYS_0, else AGENT_WORKBENCH_SESSION_KEY, else the data dir's
session-key file; clients send it as X-Session-API-Key.

Model: set LLM_PROVIDER (openai-compatible, openai, anthropic), LLM_MODEL, LLM_BASE_URL, LLM_API_KEY,
or use the settings page.
`;
