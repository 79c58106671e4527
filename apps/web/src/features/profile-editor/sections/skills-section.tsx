import type { ResponseOf } from '@talentloop/contract';
import { getSkillsDetails, saveSkillsDetails } from '@talentloop/contract/api/profile-editor';
import { PROFILE_MESSAGES as M } from '@talentloop/contract/validation/profile';
import { skillsChanged } from '@talentloop/contract/validation/profile-editor';
import { useState } from 'react';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { SaveBar, StaleNotice } from '../../../ui/profile-form/editor-section.tsx';
import { SkillsEditor, type SkillValue } from '../../../ui/profile-form/skills-editor.tsx';
import { PROFILE_SECTION_TEXT as SECTION_TEXT } from '@talentloop/contract/validation/profile-editor-messages';
import { LoadedSection } from './section-body.tsx';
import { answerAsLoad, useEditorSave } from './use-editor-save.ts';

type Load = ResponseOf<typeof getSkillsDetails>;
const T = SECTION_TEXT.skills;

/** Skills with years of experience. spec: profile-company §3 Skill, §4 Skills, §5 Skills, §8 */
export function SkillsSection() {
  return (
    <LoadedSection
      name="skills"
      endpoint={getSkillsDetails}
      title="Skills"
      description="The skills you want to be hired for, with your years of experience in each."
      loadFailed={T.loadFailed}
      rows={2}
    >
      {(load, reload) => <SkillsForm load={load} {...reload} />}
    </LoadedSection>
  );
}

function SkillsForm({ load, onReload, reloading }: { load: Load; onReload: () => void; reloading: boolean }) {
  const [skills, setSkills] = useState<SkillValue[]>(load.skills);
  const [missing, setMissing] = useState(false);
  const { save, saving, stale } = useEditorSave('skills', saveSkillsDetails, answerAsLoad, T);
  // Dirty means the set of lowercased names and years differs from the saved one. spec: §4 Skills
  const dirty = skillsChanged(load.skills, skills);
  useUnsavedChanges(dirty && !saving);

  async function submit() {
    if (skills.length === 0) {
      setMissing(true);
      return;
    }
    await save({
      skills: skills.map((s) => ({
        freelancerSkillId: s.freelancerSkillId ?? null,
        skillName: s.skillName,
        experienceLevel: s.experienceLevel,
      })),
      version: load.version,
    });
  }

  return (
    <div className="space-y-6">
      {stale && <StaleNotice onReload={onReload} reloading={reloading} />}
      <fieldset disabled={saving} className="min-w-0">
        <SkillsEditor
          value={skills}
          onChange={(next) => {
            setSkills(next);
            if (next.length > 0) setMissing(false);
          }}
          error={missing && skills.length === 0 ? M.skillsRequired : undefined}
        />
      </fieldset>
      <SaveBar dirty={dirty} saving={saving} onSave={submit} />
    </div>
  );
}
