/** Query keys of the account screens, so each mutation refreshes exactly its own reads. */
export const accountKeys = {
  privacy: ['account', 'privacy'] as const,
  /** The public-profile feature's preview reads under this key too. */
  preview: ['account', 'public-preview'] as const,
  /** Whether the account has a password (the company settings' Security section reads under this key too). */
  security: ['account', 'security'] as const,
  notifications: ['account', 'notifications'] as const,
};
