import type { ObservationEvent } from '../api/wire-types';

/**
 * The terminal tool's closing notice for a command stopped at a prompt: it still runs and waits for
 * input (answered with `is_input`), so its card is neither failed nor unfinished.
 */
export function waitingForInput(observation: ObservationEvent['observation']): boolean {
  if (observation.kind !== 'TerminalObservation' || observation.exit_code !== null) return false;
  const text = observation.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
  return /(^|\n)\[Waiting for input: [^\n]*\]$/.test(text);
}
