import { getExperienceDetails, saveExperienceDetails } from '@talentloop/contract/api/profile-editor';
import { PROFILE_SECTION_TEXT as SECTION_TEXT } from '@talentloop/contract/validation/profile-editor-messages';
import { WORK_LIST, type WorkItem } from '../../../ui/profile-form/entry-forms.tsx';
import { EntryListSection } from './entry-list-editor.tsx';

const signature = (items: readonly WorkItem[]) =>
  JSON.stringify(
    items.map((w) => [w.freelancerWorkExpId ?? null, w.title, w.company, w.startDate.slice(0, 7), w.endDate?.slice(0, 7) ?? null]),
  );

/** Work experience. spec: profile-company §3 Work experience, §4 (I currently work here), §5 Work experience */
export function ExperienceSection() {
  return (
    <EntryListSection
      name="experience"
      endpoint={getExperienceDetails}
      saveEndpoint={saveExperienceDetails}
      sectionTitle="Work Experience"
      sectionDescription="Roles you have held, most recent first."
      text={SECTION_TEXT.experience}
      items={(load): readonly WorkItem[] => load.workExperience}
      signature={signature}
      toBody={(items, load) => ({
        workExperience: items.map(({ freelancerWorkExpId, title, company, startDate, endDate }) => ({
          freelancerWorkExpId: freelancerWorkExpId ?? null,
          title,
          company,
          startDate,
          endDate,
          currentlyWorking: endDate === null,
        })),
        version: load.version,
      })}
      {...WORK_LIST}
      title="Your roles"
      description="Title, company and the months you worked there."
    />
  );
}
