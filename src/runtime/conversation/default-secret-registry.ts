import { mcpSecretValues } from '../mcp/mask-mcp-servers';
import { createSavedSecrets } from '../secrets/saved-secrets';
import { createSecretRegistry, type SecretRegistry } from '../secrets/create-secret-registry';
import { runtimeSecrets } from '../secrets/runtime-secrets';
import type { ConversationServiceDeps } from './conversation-service-deps';

/** The runtime-wide secrets as far as the deps know them: the settings' API key, the env keys, the session key. */
export function defaultSecretRegistry(deps: ConversationServiceDeps): SecretRegistry {
  const saved = createSavedSecrets(deps.dataDir);
  return createSecretRegistry(
    () => {
      // Read once per use: the settings are a fresh copy each time they are asked for.
      const settings = deps.settings();
      return [
        ...runtimeSecrets({
          settingsKeys: [settings.llm?.api_key],
          env: process.env,
          sessionKey: deps.sessionKey,
        }),
        ...mcpSecretValues(settings.mcp_servers ?? {}),
      ];
    },
    () => saved.values(),
  );
}
