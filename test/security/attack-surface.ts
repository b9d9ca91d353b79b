/** One attack test: where it is and its title. */
export interface AttackTest {
  /** Repository-relative path of the test file. */
  file: string;
  /** The test's title, exactly as written in `it('…')`. */
  title: string;
}

export interface AttackSurface {
  name: string;
  /** Routes of this surface, as `METHOD /path` with fastify's `:param` spelling; none for non-HTTP surfaces. */
  routes: readonly RegExp[];
  attacks: readonly AttackTest[];
}

/** The security audit's main suite, named by many surfaces. */
export const AUDIT = 'test/security/audit.integration.test.ts';
