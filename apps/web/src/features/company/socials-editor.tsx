import { COMPANY_SOCIALS_MAX, socialProblem } from '@talentloop/contract/validation/company';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/field.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { SelectInput } from '../../ui/select-input.tsx';
import { PLATFORM_OPTIONS } from './options.ts';

// Socials list: add (needs both a platform and a URL; the inputs are then cleared), inline edit of
// the URL with Save or Cancel, remove. A link must be on its platform's site (contract rule).
// spec: profile-company §4 Company side

export type Social = { platform: string; url: string };

export function SocialsEditor({ value, onChange }: { value: readonly Social[]; onChange: (next: Social[]) => void }) {
  const [platform, setPlatform] = useState('');
  const [url, setUrl] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const [editError, setEditError] = useState<string | null>(null);
  const listId = useId();
  const full = value.length >= COMPANY_SOCIALS_MAX;

  function add() {
    const problem = socialProblem(platform, url.trim());
    if (problem) return setAddError(problem);
    onChange([...value, { platform, url: url.trim() }]);
    setPlatform('');
    setUrl('');
    setAddError(null);
  }

  function saveEdit(index: number) {
    const entry = value[index];
    if (!entry) return;
    const problem = socialProblem(entry.platform, draft.trim());
    if (problem) return setEditError(problem);
    onChange(value.map((s, i) => (i === index ? { ...s, url: draft.trim() } : s)));
    setEditing(null);
    setEditError(null);
  }

  return (
    <div className="space-y-4">
      <h3 id={listId} className="text-sm font-medium text-ink">
        Socials
      </h3>
      {value.length === 0 ? (
        <p className="text-sm text-muted">No social links yet.</p>
      ) : (
        <ul aria-labelledby={listId} className="min-w-0 divide-y divide-line rounded-xl border border-line">
          {value.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id until saved; the same link may be listed twice
            <li key={`${s.platform}-${i}`} className="flex min-w-0 flex-col gap-2 p-3 sm:flex-row sm:items-center">
              <span className="w-24 shrink-0 text-sm font-semibold">{s.platform}</span>
              {editing === i ? (
                <div className="min-w-0 flex-1 space-y-2">
                  <FormField label={`${s.platform} URL`} hideLabel error={editError ?? undefined}>
                    {(control) => (
                      <input
                        {...control}
                        type="url"
                        value={draft}
                        onChange={(e) => setDraft(e.target.value)}
                        className={inputClass(Boolean(editError))}
                      />
                    )}
                  </FormField>
                  <div className="flex gap-2">
                    <Button onClick={() => saveEdit(i)}>Save</Button>
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setEditing(null);
                        setEditError(null);
                      }}
                    >
                      Cancel
                    </Button>
                  </div>
                </div>
              ) : (
                <>
                  <span className="block min-w-0 max-w-full flex-1 truncate text-sm text-muted">{s.url}</span>
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      className="px-3"
                      aria-label={`Edit ${s.platform} link`}
                      onClick={() => {
                        setEditing(i);
                        setDraft(s.url);
                        setEditError(null);
                      }}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-3 text-danger"
                      aria-label={`Remove ${s.platform} link`}
                      onClick={() => {
                        onChange(value.filter((_, j) => j !== i));
                        if (editing !== null) setEditing(null);
                      }}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start">
          <FormField label="Platform">
            {(control) => (
              <SelectInput {...control} value={platform} onChange={setPlatform} options={PLATFORM_OPTIONS} placeholder="Select platform" />
            )}
          </FormField>
          <FormField label="Profile URL" error={addError ?? undefined}>
            {(control) => (
              <input
                {...control}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    if (platform && url.trim()) add();
                  }
                }}
                className={inputClass(Boolean(addError))}
              />
            )}
          </FormField>
          <Button variant="secondary" className="sm:mt-6" onClick={add} disabled={!platform || !url.trim()}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add
          </Button>
        </div>
      )}
    </div>
  );
}
