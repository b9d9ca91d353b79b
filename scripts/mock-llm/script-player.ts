import type { LLMScript, ScriptTurn } from '../../src/runtime/llm/llm-script';

const DEFAULT_FALLBACK: ScriptTurn = { text: 'Done.' };

export interface ScriptPlayer {
  /** The turn for the next model call: scripted turns in order, then the fallback forever. */
  next(): { turn: ScriptTurn; index: number | null };
  load(script: LLMScript): void;
}

export function createScriptPlayer(script: LLMScript = { turns: [] }): ScriptPlayer {
  let current = script;
  let position = 0;
  return {
    next() {
      const turn = current.turns[position];
      if (turn === undefined) return { turn: current.fallback ?? DEFAULT_FALLBACK, index: null };
      position += 1;
      return { turn, index: position - 1 };
    },
    load(script) {
      current = script;
      position = 0;
    },
  };
}
