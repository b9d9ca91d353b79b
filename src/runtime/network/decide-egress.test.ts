import { describe, expect, it } from 'vitest';
import { decideEgress, type EgressPolicy } from './decide-egress';
import type { ResolvedAddress } from './egress-proxy-options';
import { matchesAllowlist } from './matches-allowlist';

function policyWith(
  answers: Record<string, ResolvedAddress[]>,
  overrides: Partial<EgressPolicy> = {},
): EgressPolicy {
  return {
    allowDomain: (host) => matchesAllowlist(host, ['allowed.test', '*.allowed.test', '93.184.216.34']),
    allowedPorts: [80, 443],
    resolve: async (host) => {
      const found = answers[host];
      if (found === undefined) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return found;
    },
    allowAddress: () => false,
    ...overrides,
  };
}

const PUBLIC: ResolvedAddress = { address: '93.184.216.34', family: 4 };

describe('decideEgress', () => {
  it('allows an allowlisted name with public addresses and returns the address to connect to', async () => {
    const decision = await decideEgress(
      { host: 'allowed.test', port: 443 },
      policyWith({ 'allowed.test': [PUBLIC] }),
    );
    expect(decision).toEqual({ allowed: true, address: PUBLIC });
  });

  it('refuses everything, allowlisted names too, with the switch-off reason while it is given', async () => {
    let off: string | undefined = 'network is off for this conversation';
    const policy = policyWith({ 'allowed.test': [PUBLIC] }, { refuseAll: () => off });
    expect(await decideEgress({ host: 'allowed.test', port: 443 }, policy)).toEqual({
      allowed: false,
      status: 403,
      reason: 'blocked by Agent Workbench: network is off for this conversation',
    });
    off = undefined;
    expect(await decideEgress({ host: 'allowed.test', port: 443 }, policy)).toMatchObject({ allowed: true });
  });

  it('refuses a name outside the allowlist without asking DNS', async () => {
    let asked = false;
    const resolve = async () => {
      asked = true;
      return [PUBLIC];
    };
    const policy = policyWith({}, { resolve });
    const decision = await decideEgress({ host: 'example.com', port: 443 }, policy);
    expect(decision).toEqual({
      allowed: false,
      status: 403,
      reason: 'blocked by Agent Workbench: example.com is not in the network allowlist',
    });
    expect(asked).toBe(false);
  });

  it('refuses a port outside the allowed ports', async () => {
    const decision = await decideEgress(
      { host: 'allowed.test', port: 22 },
      policyWith({ 'allowed.test': [PUBLIC] }),
    );
    expect(decision).toMatchObject({
      allowed: false,
      status: 403,
      reason: expect.stringContaining('port 22'),
    });
  });

  it('refuses a name when any of its addresses is private (rebinding, split answers)', async () => {
    const answers = { 'www.allowed.test': [PUBLIC, { address: '10.0.0.5', family: 4 } as const] };
    const decision = await decideEgress({ host: 'www.allowed.test', port: 443 }, policyWith(answers));
    expect(decision).toMatchObject({
      allowed: false,
      status: 403,
      reason: expect.stringContaining('private address'),
    });
  });

  it('refuses an unlisted IP literal and checks a listed one like any address', async () => {
    expect(await decideEgress({ host: '1.1.1.1', port: 443 }, policyWith({}))).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('is an IP address'),
    });
    expect(await decideEgress({ host: '93.184.216.34', port: 443 }, policyWith({}))).toEqual({
      allowed: true,
      address: PUBLIC,
    });
    const loopbackListed = policyWith({}, { allowDomain: () => true });
    expect(await decideEgress({ host: '127.0.0.1', port: 80 }, loopbackListed)).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('private address'),
    });
  });

  it('lets allowAddress exempt a private address it names, and only that one', async () => {
    const answers = { 'allowed.test': [{ address: '127.0.0.1', family: 4 } as const] };
    const exempt = policyWith(answers, { allowAddress: (address) => address === '127.0.0.1' });
    expect(await decideEgress({ host: 'allowed.test', port: 80 }, exempt)).toMatchObject({ allowed: true });
    const other = policyWith(answers, { allowAddress: (address) => address === '10.0.0.1' });
    expect(await decideEgress({ host: 'allowed.test', port: 80 }, other)).toMatchObject({ allowed: false });
  });

  it('answers 502 when the name does not resolve or resolves to nothing', async () => {
    expect(await decideEgress({ host: 'allowed.test', port: 443 }, policyWith({}))).toMatchObject({
      allowed: false,
      status: 502,
      reason: 'Agent Workbench proxy: cannot resolve allowed.test',
    });
    expect(
      await decideEgress({ host: 'allowed.test', port: 443 }, policyWith({ 'allowed.test': [] })),
    ).toMatchObject({
      status: 502,
    });
  });
});
