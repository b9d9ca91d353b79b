import type { NewEvent } from '../../src/runtime/events';

/**
 * Synthetic but realistic conversation logs for the store and history benchmarks: turns of a user
 * message, an agent action with its thought, the tool's observation and an agent reply. Words follow
 * a Zipf distribution over a fixed vocabulary, so some words are in most messages (COMMON_WORD) and
 * most are rare; RARE_WORD is planted only where asked. Deterministic for a given seed.
 */
export const COMMON_WORD = 'file';
export const RARE_WORD = 'zanzibar';

const REAL_WORDS = [
  COMMON_WORD,
  'test',
  'parser',
  'error',
  'build',
  'function',
  'config',
  'module',
  'server',
  'branch',
  'commit',
  'deploy',
  'query',
  'index',
  'cache',
  'token',
  'stream',
  'socket',
  'schema',
  'migration',
  'review',
  'lint',
];

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    // mulberry32: small, fast, good enough for test data
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export function createWordSource(random: () => number, vocabularySize = 5000) {
  const vocabulary = [...REAL_WORDS];
  for (let index = vocabulary.length; index < vocabularySize; index += 1) {
    vocabulary.push(pseudoWord(index));
  }
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= vocabulary.length; rank += 1) {
    total += 1 / rank;
    cumulative.push(total);
  }
  const word = () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return vocabulary[low] ?? COMMON_WORD;
  };
  return {
    sentence(words: number): string {
      return Array.from({ length: words }, word).join(' ');
    },
  };
}

function pseudoWord(index: number): string {
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'qu', 'br', 'st'];
  let text = '';
  for (let rest = index; rest > 0 || text.length < 4; rest = Math.floor(rest / syllables.length)) {
    text += syllables[rest % syllables.length];
  }
  return text;
}

/** A UUID for event `index` of conversation `conversation` (up to 2^20 events each). */
export function benchId(conversation: number, index: number): string {
  const value = conversation * 2 ** 20 + index;
  return `00000000-0000-4000-8000-${value.toString(16).padStart(12, '0')}`;
}

export interface ConversationLogOptions {
  conversation: number;
  events: number;
  random: () => number;
  words: ReturnType<typeof createWordSource>;
  /** Indices of message events whose text gets RARE_WORD. */
  plantRareWordAt?: ReadonlySet<number>;
  startTime?: number;
}

/** `events` new events forming one linear branch (the store stamps parents). */
export function conversationLog(options: ConversationLogOptions): NewEvent[] {
  const { conversation, words, random } = options;
  const start = options.startTime ?? Date.UTC(2025, 0, 1);
  const events: NewEvent[] = [];
  for (let index = 0; index < options.events; index += 1) {
    const base = {
      id: benchId(conversation, index),
      timestamp: new Date(start + index * 1000).toISOString(),
    };
    const text = () => {
      const sentence = words.sentence(12 + Math.floor(random() * 30));
      return options.plantRareWordAt?.has(index) ? `${sentence} ${RARE_WORD}` : sentence;
    };
    const turn = Math.floor(index / 4);
    switch (index % 4) {
      case 0:
        events.push({
          ...base,
          kind: 'MessageEvent',
          source: 'user',
          llm_message: { role: 'user', content: [{ type: 'text', text: text() }] },
          extended_content: [],
        });
        break;
      case 1:
        events.push({
          ...base,
          kind: 'ActionEvent',
          source: 'agent',
          thought: [{ type: 'text', text: words.sentence(10) }],
          action: {
            kind: 'TerminalAction',
            command: `grep -rn ${words.sentence(1)} src`,
            is_input: false,
            reset: false,
          },
          tool_name: 'terminal',
          tool_call_id: `call_${turn}`,
          tool_call: { id: `call_${turn}`, name: 'terminal', arguments: '{"command":"grep -rn x src"}' },
          llm_response_id: `resp_${conversation}_${turn}`,
          security_risk: 'LOW',
        });
        break;
      case 2:
        events.push({
          ...base,
          kind: 'ObservationEvent',
          source: 'environment',
          tool_name: 'terminal',
          tool_call_id: `call_${turn}`,
          action_id: benchId(conversation, index - 1),
          observation: {
            kind: 'TerminalObservation',
            content: [{ type: 'text', text: words.sentence(40 + Math.floor(random() * 80)) }],
            is_error: false,
            command: 'grep -rn x src',
            exit_code: 0,
            timed_out: false,
          },
        });
        break;
      default:
        events.push({
          ...base,
          kind: 'MessageEvent',
          source: 'agent',
          llm_message: { role: 'assistant', content: [{ type: 'text', text: text() }] },
          llm_response_id: `resp_${conversation}_${turn}_reply`,
          extended_content: [],
        });
    }
  }
  return events;
}
