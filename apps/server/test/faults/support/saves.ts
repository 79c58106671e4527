// Skill saves: a multi-row section whose every save is tagged, so a partial save is visible.

export const SKILLS_PATH = '/api/freelancer-settings/skills-details';
export const SKILLS_PER_SAVE = 3;

export const skillsOf = (marker: string) =>
  Array.from({ length: SKILLS_PER_SAVE }, (_, i) => ({ skillName: `Skill ${marker} ${i + 1}`, experienceLevel: i }));

/** The marker of a saved skill list when it is one whole save; undefined for a mix or a partial list. */
export function wholeSaveMarker(skills: { skillName: string }[]): string | undefined {
  const markers = new Set(skills.map((s) => /^Skill (\d+) \d+$/.exec(s.skillName)?.[1]));
  const [marker] = markers;
  return skills.length === SKILLS_PER_SAVE && markers.size === 1 && marker ? marker : undefined;
}

/** Per user: the saves sent in order, and which were answered 200. */
export type SaveLog = { marker: string; acked: boolean }[];

/**
 * Whether what is stored is allowed: one whole save, the last acknowledged one or one sent after
 * it (a save cut off by the fault may or may not have committed). No save acknowledged and none
 * stored is fine too.
 */
export function storedSaveIsConsistent(log: SaveLog, stored: { skillName: string }[]): boolean {
  const lastAcked = log.map((s) => s.acked).lastIndexOf(true);
  if (stored.length === 0) return lastAcked < 0;
  const marker = wholeSaveMarker(stored);
  if (!marker) return false;
  const index = log.findIndex((s) => s.marker === marker);
  return index >= 0 && index >= lastAcked;
}
