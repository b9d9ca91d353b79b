import { isIP } from 'node:net';
import { normalizeHost } from './normalize-host';

/**
 * Whether `host` is covered by `allowlist`. Entries: `*.example.com` matches any subdomain but not
 * example.com itself; `.example.com` matches example.com and any subdomain (the squid convention);
 * anything else is an exact host, IP literals included. Case and one trailing dot are ignored on both
 * sides; a wildcard never matches an IP literal. Invalid hosts or entries never match.
 */
export function matchesAllowlist(host: string, allowlist: readonly string[]): boolean {
  const normalized = normalizeHost(host);
  if (normalized === undefined) return false;
  const isAddress = isIP(normalized) !== 0;
  return allowlist.some((entry) => matchesEntry(normalized, isAddress, entry));
}

function matchesEntry(host: string, isAddress: boolean, entry: string): boolean {
  const trimmed = entry.trim().toLowerCase();
  if (trimmed.startsWith('*.') || trimmed.startsWith('.')) {
    if (isAddress) return false;
    const includesApex = !trimmed.startsWith('*.');
    const suffix = normalizeHost(trimmed.slice(includesApex ? 1 : 2));
    if (suffix === undefined) return false;
    return host.endsWith(`.${suffix}`) || (includesApex && host === suffix);
  }
  return normalizeHost(trimmed) === host;
}
