/** What a screen shows for a failure: the spec's toast title and message. */
export type Shown = { title: string; message: string };

export const NETWORK_MESSAGE = 'Failed to connect to server. Please try again later.';

/** The auth screens' no-answer toast. spec: auth-onboarding §8 */
export const CONNECTION_PROBLEM: Shown = { title: 'Connection problem', message: NETWORK_MESSAGE };
