/** The freelancer's talent-pool status (decision 188: each feature's query keys in its api/keys.ts). */
export const talentStatusKeys = { status: ['talent-status'] as const };
