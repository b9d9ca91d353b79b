/**
 * Hands a typed session key to the ingress (POST /auth/session), which answers with the HttpOnly
 * awb_session cookie; the key is not kept anywhere in the page. `refused` is a wrong key (401);
 * `failed` is anything else (the ingress unreachable, an unexpected answer).
 */
export async function logIn(
  key: string,
  fetchImpl: typeof fetch = fetch,
): Promise<'accepted' | 'refused' | 'failed'> {
  try {
    const response = await fetchImpl('/auth/session', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ key }),
    });
    if (response.status === 204) return 'accepted';
    return response.status === 401 ? 'refused' : 'failed';
  } catch {
    return 'failed';
  }
}
