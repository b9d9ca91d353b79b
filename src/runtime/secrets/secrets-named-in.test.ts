import { describe, expect, it } from 'vitest';
import { secretsNamedIn } from './secrets-named-in';

const secrets = { GITHUB_TOKEN: 'ghp_x', DB_PASSWORD: 'hunter2!', API: 'k' };

describe('secretsNamedIn', () => {
  it('exposes only the secrets a command names as $NAME or with braces', () => {
    expect(
      secretsNamedIn('curl -H "Authorization: token $GITHUB_TOKEN" https://api.github.com', secrets),
    ).toEqual({
      GITHUB_TOKEN: 'ghp_x',
    });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
    expect(secretsNamedIn('psql "postgres://u:${DB_PASSWORD}@db/x"', secrets)).toEqual({
      DB_PASSWORD: 'hunter2!',
    });
  });

  it('gives nothing to a command that names no secret, or a longer name that merely starts like one', () => {
    expect(secretsNamedIn('ls -la $HOME', secrets)).toEqual({});
    expect(secretsNamedIn('echo $APIKEY GITHUB_TOKEN', secrets)).toEqual({});
  });
});
