/** The fetch the provider SDKs call: the global one, or one wrapped for logging or tests. */
export type FetchFunction = typeof globalThis.fetch;
