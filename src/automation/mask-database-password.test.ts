import { describe, expect, it } from 'vitest';
import { maskDatabasePassword } from './mask-database-password';

describe('maskDatabasePassword', () => {
  it('masks the password as written in the URL and decoded, wherever it appears', () => {
    const mask = maskDatabasePassword('postgres://team:s%40cret-pass@db.internal:5432/workbench');
    expect(mask('connect postgres://team:s%40cret-pass@db.internal failed; password s@cret-pass')).toBe(
      'connect postgres://team:‹secret:database-password›@db.internal failed; password ‹secret:database-password›',
    );
  });

  it('leaves a text alone without a URL or without a password', () => {
    expect(maskDatabasePassword(undefined)('nothing to hide')).toBe('nothing to hide');
    expect(maskDatabasePassword('postgres://team@db/workbench')('team@db')).toBe('team@db');
  });
});
