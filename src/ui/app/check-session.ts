/**
 * Whether this browser is logged in, asked of the API itself (the page never sees the key): the
 * awb_session cookie goes along with a same-origin request, and a 401 means there is none or it is
 * stale. Anything else (the runtime restarting, a network blip) is `unknown`: the app then opens and
 * its own error states take over; a later 401 still brings the key screen.
 */
export async function checkSession(
  fetchImpl: typeof fetch = fetch,
): Promise<'signed-in' | 'signed-out' | 'unknown'> {
  try {
    const response = await fetchImpl('/api/settings', { credentials: 'same-origin' });
    if (response.status === 401) return 'signed-out';
    return response.ok ? 'signed-in' : 'unknown';
  } catch {
    return 'unknown';
  }
}
