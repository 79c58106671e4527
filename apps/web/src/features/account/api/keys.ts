/** Query keys of the account screens, so each mutation refreshes exactly its own reads. */
export const accountKeys = {
  privacy: ['account', 'privacy'] as const,
  /** The public-profile feature's preview reads under this key too. */
  preview: ['account', 'public-preview'] as const,
};
