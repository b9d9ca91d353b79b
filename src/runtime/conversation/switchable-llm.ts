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
 * flight finishes on the old one, as upstream's does. Reading `model` also takes a pending change, so
 * what a step notes before its call (a prompt cache that starts again, a refused cache hint) names
 * the model the call will go to.
 */
export function switchableLLM(initial: LLM, ports: SwitchableLLMPorts): LLM {
  let current = initial;
  const takeSwitch = (): LLM => {
    if (ports.takeSwitch()) current = ports.resolve() ?? current;
    return current;
  };
  return {
    get provider() {
      return takeSwitch().provider;
    },
    get model() {
      return takeSwitch().model;
    },
    get prices() {
      return takeSwitch().prices;
    },
    complete: (request) => {
      ports.onCall();
      return takeSwitch().complete(request);
    },
  };
}
