/** Titles for the error codes a person most often meets; others are split into words. */
const KNOWN: Record<string, string> = {
  LLMAuthError: 'The model rejected the API key',
  LLMNotFound: 'The model was not found',
  LLMQuotaExceeded: 'The model’s quota is used up',
  LLMRateLimited: 'The model is rate-limiting requests',
  LLMConnectionError: 'Could not reach the model',
  LLMUnavailable: 'Could not reach the model',
  LLMNotConfigured: 'No model is set up',
  MaxIterationsReached: 'Step limit reached',
  RuntimeRestarted: 'The runtime restarted during the run',
};

/** "LLMAuthError" → "The model rejected the API key"; "SomethingNew" → "Something new". */
export function humanizeCode(code: string): string {
  const known = KNOWN[code];
  if (known) return known;
  const words = code
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((word, index) => (/^[A-Z]{2,}$/.test(word) ? word : index === 0 ? word : word.toLowerCase()));
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
