/** The composer's slash commands, in menu order. */
export const COMPOSER_COMMANDS = [
  { name: 'new', description: 'Start a new conversation' },
  { name: 'branch', description: 'Branch from the latest event into a new conversation' },
  { name: 'condense', description: 'Condense the history into a summary now' },
  { name: 'model', description: "Choose this conversation's model" },
  { name: 'skills', description: 'List the skills the agent can load' },
  { name: 'policy', description: 'Change when the agent asks for approval' },
  { name: 'export', description: 'Download this conversation as Markdown' },
] as const;

export type ComposerCommandName = (typeof COMPOSER_COMMANDS)[number]['name'];
export type ComposerCommand = (typeof COMPOSER_COMMANDS)[number];

/**
 * The commands the menu offers for the composer's text: only while the text is a `/` followed by
 * the start of a name (no space, no newline), matched by prefix, case-insensitively. Anything else
 * (`/usr/bin is odd`, a path, text before the slash) offers none: it is a message.
 */
export function matchingCommands(text: string): ComposerCommand[] {
  const typed = /^\/([A-Za-z]*)$/.exec(text);
  if (!typed) return [];
  const prefix = (typed[1] as string).toLowerCase();
  return COMPOSER_COMMANDS.filter((command) => command.name.startsWith(prefix));
}

/**
 * The command the composer's text names when it is sent, or null when the text is a message: exactly
 * `/name` (surrounding whitespace allowed, any case). `/new please` or `/newest` is a message.
 */
export function parseComposerCommand(text: string): ComposerCommandName | null {
  const typed = /^\/([A-Za-z]+)$/.exec(text.trim());
  if (!typed) return null;
  const name = (typed[1] as string).toLowerCase();
  return COMPOSER_COMMANDS.find((command) => command.name === name)?.name ?? null;
}
