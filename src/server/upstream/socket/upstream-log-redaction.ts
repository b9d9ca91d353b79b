import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const KEY_PARAMETER = 'session_api_key';

/**
 * The runtime's logger options with request URLs redacted: upstream's clients put the session key in
 * the query string of `/sockets/events/{id}` (`?session_api_key=…`), and fastify logs each request's
 * URL at level info. Everything else about the logger is left as given; `false` stays off.
 */
export function withSessionKeyRedaction(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return { ...base, serializers: { ...base.serializers, req: serializeRequest } };
}

/** Fastify's own request fields, with the key's value in the URL replaced. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactSessionKey(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The URL with every `session_api_key` value (the name matched after percent-decoding) replaced. */
export function redactSessionKey(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const pairs = url.slice(queryStart + 1).split('&');
  const redacted = pairs.map((pair) => {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    return decodeName(name) === KEY_PARAMETER ? `${name}=[redacted]` : pair;
  });
  return `${url.slice(0, queryStart)}?${redacted.join('&')}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // Not decodable: the query parser will not read it as the key either.
    return name;
  }
}
