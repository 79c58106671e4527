import { getEducationDetails, saveEducationDetails } from '@talentloop/contract/api/profile-editor';
import { PROFILE_SECTION_TEXT as SECTION_TEXT } from '@talentloop/contract/validation/profile-editor-messages';
import { EDUCATION_LIST, type EducationItem } from '../../../ui/profile-form/entry-forms.tsx';
import { EntryListSection } from './entry-list-editor.tsx';

const signature = (items: readonly EducationItem[]) =>
  JSON.stringify(items.map((e) => [e.freelancerEducationId ?? null, e.degree, e.college, e.yearOfPassed]));

/** Education. spec: profile-company §3 Education, §4 Education..., §5 Education */
export function EducationSection() {
  return (
    <EntryListSection
      name="education"
      endpoint={getEducationDetails}
      saveEndpoint={saveEducationDetails}
      sectionTitle="Education"
      sectionDescription="Your degrees and diplomas."
      text={SECTION_TEXT.education}
      items={(load): readonly EducationItem[] => load.educationDetails}
      signature={signature}
      toBody={(items, load) => ({
        educationDetails: items.map(({ freelancerEducationId, degree, college, yearOfPassed }) => ({
          freelancerEducationId: freelancerEducationId ?? null,
          degree,
          college,
          yearOfPassed,
        })),
        version: load.version,
      })}
      {...EDUCATION_LIST}
      title="Your education"
      description="At least one degree or diploma."
    />
  );
}
