/**
 * Hosts package managers need for installs (npm, yarn, pip, git over HTTPS, apt, cargo, go, gem, maven).
 * Entry syntax is the one `matchesAllowlist` reads: `*.suffix` is any subdomain, `.suffix` the domain
 * and its subdomains, anything else an exact host.
 */
export const DEFAULT_ALLOWLIST: readonly string[] = [
  'registry.npmjs.org',
  '*.npmjs.org',
  '*.npmjs.com',
  'registry.yarnpkg.com',
  'pypi.org',
  'files.pythonhosted.org',
  '*.pythonhosted.org',
  'github.com',
  '*.github.com',
  '*.githubusercontent.com',
  'codeload.github.com',
  'deb.debian.org',
  'security.debian.org',
  'crates.io',
  'static.crates.io',
  'index.crates.io',
  'proxy.golang.org',
  'sum.golang.org',
  'rubygems.org',
  'repo.maven.apache.org',
];
