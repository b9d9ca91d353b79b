/** What the database password becomes in the service's log: the runtime's placeholder for it. */
export const DATABASE_PASSWORD_PLACEHOLDER = '‹secret:database-password›';

/**
 * A function that masks the password of `databaseUrl` (as written in the URL and decoded) in a text
 * about to be logged; the identity without a URL or a password. Pure.
 */
export function maskDatabasePassword(databaseUrl: string | undefined): (text: string) => string {
  const forms = passwordForms(databaseUrl);
  if (forms.length === 0) return (text) => text;
  return (text) =>
    forms.reduce((masked, form) => masked.replaceAll(form, DATABASE_PASSWORD_PLACEHOLDER), text);
}

function passwordForms(databaseUrl: string | undefined): string[] {
  if (!databaseUrl) return [];
  let raw: string;
  try {
    raw = new URL(databaseUrl).password;
  } catch {
    return []; // not a URL: the service refuses it before anything is logged
  }
  if (raw === '') return [];
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // a lone % is kept as written, and masked as written
  }
  // The longer first, so a decoded form inside the raw one does not leave a tail behind.
  return [...new Set([raw, decoded])].sort((a, b) => b.length - a.length);
}
