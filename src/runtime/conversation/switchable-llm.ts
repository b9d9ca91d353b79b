import type { LLM } from '../llm/llm';

export interface SwitchableLLMPorts {
  /** Every call, as it begins: the model reads the log as it is now. */
  onCall(): void;
  /** True once when the conversation's model changed since the last call (switch_llm). */
  takeSwitch(): boolean;
  /** The conversation's model now; undefined keeps the current one. */
  resolve(): LLM | undefined;
}

/**
 * A run's model. After a model change each call after the change uses the new model; the call in
 * flight finishes on the old one, as upstream's does.
 */
export function switchableLLM(initial: LLM, ports: SwitchableLLMPorts): LLM {
  let current = initial;
  return {
    get provider() {
      return current.provider;
    },
    get model() {
      return current.model;
    },
    get prices() {
      return current.prices;
    },
    complete: (request) => {
      ports.onCall();
      if (ports.takeSwitch()) current = ports.resolve() ?? current;
      return current.complete(request);
    },
  };
}
