import type { DocumentDescription } from '../../openapi/record-openapi-routes';
import { clientOnlyComponents, requestComponents, responseComponents } from './api-components';
import { SOCKET_DOCUMENTATION } from './socket-documentation';

/** What the runtime's OpenAPI document says of itself: its title, its sockets, its key, its models. */
export function runtimeDocumentDescription(version: string): DocumentDescription {
  return {
    title: 'Agent Workbench runtime',
    version,
    description: SOCKET_DOCUMENTATION,
    securitySchemes: { sessionKey: { type: 'apiKey', in: 'header', name: 'X-Session-API-Key' } },
    components: {
      request: requestComponents,
      response: responseComponents,
      clientOnly: clientOnlyComponents,
    },
  };
}
