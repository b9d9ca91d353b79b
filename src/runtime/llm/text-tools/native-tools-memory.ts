/**
 * Which models' endpoints refused `tools` in this runtime, so an `auto` model is asked in the text
 * format from the first call on once one of its calls was refused. Memory only: a restarted runtime
 * tries native tools once more (one refused call, one retry). Keyed by provider, base URL and model.
 */
export interface NativeToolsMemory {
  refused(key: string): boolean;
  remember(key: string): void;
}

export function createNativeToolsMemory(): NativeToolsMemory {
  const refused = new Set<string>();
  return {
    refused: (key) => refused.has(key),
    remember: (key) => {
      refused.add(key);
    },
  };
}

export function nativeToolsKey(config: { provider: string; base_url?: string; model: string }): string {
  return `${config.provider} ${config.base_url ?? ''} ${config.model}`;
}
