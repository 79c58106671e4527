// Session-call failures, in a module of their own: the first page's API client needs only these, and
// a bundler keeps a whole module in the first page's chunk once that chunk uses any of it.
// MESSAGES (messages.ts) includes them too.
export const NO_ACCESS_TOKEN = 'No access token received';
export const INVALID_ORIGIN = 'Invalid response origin';
