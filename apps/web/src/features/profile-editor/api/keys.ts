// The profile editor's query keys (decision 188): one query per editor section, loaded when the
// section opens (its cache is dropped when it closes, so every opening shows the saved state), and
// the completion percentage every load and save answers. spec: profile-company §4 Freelancer editor

export const editorKeys = {
  all: ['profile-editor'] as const,
  section: (name: string) => [...editorKeys.all, name] as const,
  completion: () => [...editorKeys.all, 'completion'] as const,
};

/** What section loads and saves answer besides their own data. */
export type WithCompletion = { competitionPercentage: number };

/** The percentage in an answer, when it carries one. */
export const completionIn = (answer: unknown): number | undefined => {
  const pct = (answer as Partial<WithCompletion> | null)?.competitionPercentage;
  return typeof pct === 'number' ? pct : undefined;
};
