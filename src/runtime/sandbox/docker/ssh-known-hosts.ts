import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** What known_hosts says of the key a host showed: trusted, or why not with what to do. */
export type HostKeyVerdict = { trusted: true } | { trusted: false; reason: string };

interface KnownLine {
  marker: string | undefined;
  patterns: string;
  keyType: string;
  key: Buffer;
}

/** SHA256:… as `ssh-keygen -l` prints a key's fingerprint. */
export function keyFingerprint(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

/** The name known_hosts files a host under: `host` on port 22, else `[host]:port`. */
export function knownHostName(host: string, port: number): string {
  return port === 22 ? host : `[${host}]:${port}`;
}

/**
 * The verdict on `key` (the raw key blob the server showed) for host:port against an OpenSSH
 * known_hosts file: plain, wildcard, negated and hashed (`|1|salt|hash`) host patterns,
 * `@revoked` lines; `@cert-authority` lines are not read (a host certificate is not trusted here).
 * A host the file does not name is refused like one whose key differs, each with its fingerprint:
 * an SSH transport never trusts a key on first use.
 */
export function verifyHostKey(file: string, host: string, port: number, key: Buffer): HostKeyVerdict {
  const name = knownHostName(host, port);
  const fingerprint = keyFingerprint(key);
  let lines: KnownLine[];
  try {
    lines = parseKnownHosts(readFileSync(file, 'utf8')).filter((line) => hostMatches(line.patterns, name));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return {
      trusted: false,
      reason: `the SSH host key of ${name} cannot be checked: the known hosts file ${file} cannot be read (${code}). Add the host's key after checking its fingerprint (${fingerprint}): ssh-keyscan -p ${port} ${host} >> ${file}`,
    };
  }
  if (lines.some((line) => line.marker === '@revoked' && line.key.equals(key)))
    return {
      trusted: false,
      reason: `the SSH host key of ${name} (${fingerprint}) is marked @revoked in ${file}`,
    };
  const plain = lines.filter((line) => line.marker === undefined);
  if (plain.some((line) => line.key.equals(key))) return { trusted: true };
  if (plain.length > 0)
    return {
      trusted: false,
      reason: `the SSH host key of ${name} does not match ${file} (it showed ${fingerprint}, the file knows ${plain.map((line) => `${line.keyType} ${keyFingerprint(line.key)}`).join(', ')}): someone may be in between, or the host was reinstalled. Check the key with the host's administrator, then replace its line (ssh-keygen -R '${name}' -f ${file})`,
    };
  return {
    trusted: false,
    reason: `the SSH host key of ${name} is not known: ${file} has no line for it. Check its fingerprint (${fingerprint}) with the host's administrator, then add it: ssh-keyscan -p ${port} ${host} >> ${file}`,
  };
}

/** The key types known_hosts holds for host:port, to offer only those in the key exchange. */
export function knownKeyTypes(file: string, host: string, port: number): string[] {
  const name = knownHostName(host, port);
  try {
    const types = parseKnownHosts(readFileSync(file, 'utf8'))
      .filter((line) => line.marker === undefined && hostMatches(line.patterns, name))
      .map((line) => line.keyType);
    return [...new Set(types)];
  } catch {
    return [];
  }
}

function parseKnownHosts(text: string): KnownLine[] {
  const parsed: KnownLine[] = [];
  for (const raw of text.split('\n')) {
    const fields = raw.trim().split(/\s+/);
    if (fields[0] === undefined || fields[0] === '' || fields[0].startsWith('#')) continue;
    const marker = fields[0].startsWith('@') ? fields.shift() : undefined;
    const [patterns, keyType, key] = fields;
    if (patterns === undefined || keyType === undefined || key === undefined) continue;
    parsed.push({ marker, patterns, keyType, key: Buffer.from(key, 'base64') });
  }
  return parsed;
}

/** OpenSSH's rule: some pattern matches and no negated one does; a hashed entry is one exact name. */
function hostMatches(patterns: string, name: string): boolean {
  if (patterns.startsWith('|1|')) {
    const [, , salt, hash] = patterns.split('|');
    if (salt === undefined || hash === undefined) return false;
    return createHmac('sha1', Buffer.from(salt, 'base64')).update(name).digest('base64') === hash;
  }
  let matched = false;
  for (const pattern of patterns.split(',')) {
    const negated = pattern.startsWith('!');
    if (!globMatches(negated ? pattern.slice(1) : pattern, name)) continue;
    if (negated) return false;
    matched = true;
  }
  return matched;
}

function globMatches(pattern: string, name: string): boolean {
  const source = pattern
    .toLowerCase()
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`).test(name.toLowerCase());
}
