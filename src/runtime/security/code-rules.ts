import { type EffectiveCommand, effectiveCommand } from './effective-command';
import { inlineCode, judgeInlineCode } from './inline-code';
import { INTERPRETERS } from './interpreters';
import type { PatternRule } from './pattern-rule';

/** `\x72`, `\162` escapes or a long base64 run: text written so a reader cannot see what it says. */
const ENCODED_TEXT =
  /\\x[0-9a-fA-F]{2}|\\[0-7]{3}|^(?=[A-Za-z0-9+/]*[0-9+/])(?=[A-Za-z0-9+/]*[A-Z])[A-Za-z0-9+/]{20,}={0,2}$/;

export const CODE_RULES: readonly PatternRule[] = [
  {
    // HIGH: encoding hides the script from the person approving it; there is no benign need for it.
    id: 'decode-to-shell',
    risk: 'HIGH',
    reason: 'pipes decoded or encoded content into a shell or interpreter',
    scope: 'pipeline',
    matches: (pipeline) => {
      const source = pipeline.findIndex((command) => isDecoder(command) || echoesEncodedText(command));
      return source >= 0 && pipeline.slice(source + 1).some((command) => INTERPRETERS.test(command.program));
    },
  },
  {
    // HIGH: same as above, through `bash -c "$(… | base64 -d)"` or `eval $(…)`.
    id: 'run-decoded-code',
    risk: 'HIGH',
    reason: 'runs code it decodes first',
    scope: 'command',
    matches: (command) =>
      INTERPRETERS.test(command.program) &&
      command.source.nested.some((pipeline) => pipeline.some((inner) => isDecoder(effectiveCommand(inner)))),
  },
  {
    // HIGH: the same harm as `rm`/`>` outside the workspace, only written in another language.
    id: 'inline-code-outside-workspace',
    risk: 'HIGH',
    reason: 'inline script deletes or writes files outside the workspace',
    scope: 'command',
    matches: (command, context) => {
      const code = inlineCode(command);
      return code !== undefined && judgeInlineCode(code, context) === 'changes-outside-workspace';
    },
  },
  {
    // MEDIUM: not known to be harmful, but nobody can tell from the text; a person should look.
    id: 'inline-code-too-complex',
    risk: 'MEDIUM',
    reason: 'inline script is too complex to judge',
    scope: 'command',
    matches: (command, context) => {
      const code = inlineCode(command);
      return code !== undefined && judgeInlineCode(code, context) === 'too-complex';
    },
  },
];

function isDecoder(command: EffectiveCommand): boolean {
  const args = command.args;
  switch (command.program) {
    case 'base64':
    case 'base32':
    case 'basenc':
      return args.some((arg) => arg === '--decode' || /^-[a-zA-Z]*[dD]/.test(arg));
    case 'xxd':
      return args.some((arg) => /^-[a-zA-Z]*r/.test(arg) || arg === '-revert');
    case 'openssl':
      return args.includes('-d') && args.some((arg) => /^(?:base64|enc|-a|-base64)$/.test(arg));
    case 'uudecode':
      return true;
    default:
      return false;
  }
}

function echoesEncodedText(command: EffectiveCommand): boolean {
  return (
    (command.program === 'echo' || command.program === 'printf') &&
    command.args.some((arg) => ENCODED_TEXT.test(arg))
  );
}
