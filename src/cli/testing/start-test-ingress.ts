import { createLoginToken } from '../login-token';
import { type Ingress, type IngressOptions, startIngress } from '../start-ingress';

/**
 * An ingress on a free loopback port for in-process tests, with a fresh login token; `overrides`
 * set the rest (the runtime URL at least). Throws when it cannot listen; the caller closes it.
 */
export async function startTestIngress(
  options: Pick<IngressOptions, 'runtimeUrl' | 'staticDir' | 'sessionKey'> & Partial<IngressOptions>,
): Promise<Ingress> {
  const result = await startIngress({
    host: '127.0.0.1',
    port: 0,
    public: false,
    loginToken: createLoginToken(),
    ...options,
  });
  if (!result.ok) throw new Error(`ingress did not start: ${result.code}`);
  return result.ingress;
}
