import { PORTFOLIO_DESC_MAX, PORTFOLIO_TITLE_MAX, SHORT_TEXT_MAX, URL_MAX } from '@talentloop/contract';
import { PORTFOLIO_FILE_MAX_BYTES } from '@talentloop/contract/api/portfolio';
import { FileText, Link2, Paperclip, X } from 'lucide-react';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import { Button, buttonClass } from '../../ui/button.tsx';
import { CountedTextarea } from '../../ui/counted-textarea.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { inputClass } from '../../ui/field.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { cn } from '../../ui/cn.ts';
import { type PortfolioContent, type PortfolioDraft, formatBytes, newKey, storedName } from './portfolio-draft.ts';
import { PORTFOLIO_ACCEPT, type PortfolioErrors, fileProblem, validatePortfolioItem } from './portfolio-rules.ts';

/**
 * Add or edit one portfolio item. Content is a URL or a file: choosing one clears the other.
 * Clicking outside closes the modal. spec: profile-company §4 Portfolio, §5 Portfolio
 */
export function PortfolioModal({
  open,
  initial,
  onOpenChange,
  onSave,
  returnFocus,
}: {
  open: boolean;
  initial: PortfolioDraft | null;
  onOpenChange: (open: boolean) => void;
  onSave: (item: PortfolioDraft) => void;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog
      open={open}
      returnFocus={returnFocus}
      onOpenChange={onOpenChange}
      size="lg"
      title={initial ? 'Edit project' : 'Add project'}
      description="Show a piece of work with a link or a file."
    >
      {/* Keyed so every opening starts from the item it edits. */}
      {open && <PortfolioForm key={initial?.key ?? 'new'} initial={initial} onSave={onSave} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function PortfolioForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: PortfolioDraft | null;
  onSave: (item: PortfolioDraft) => void;
  onCancel: () => void;
}) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const [title, setTitle] = useState(initial?.portfolioTitle ?? '');
  const [desc, setDesc] = useState(initial?.portfolioDesc ?? '');
  const [skills, setSkills] = useState<string[]>(initial?.portfolioSkills ?? []);
  const [skillText, setSkillText] = useState('');
  const [kind, setKind] = useState<'url' | 'file'>(initial && initial.content.kind !== 'url' ? 'file' : 'url');
  const [url, setUrl] = useState(initial?.content.kind === 'url' ? initial.content.url : '');
  const [file, setFile] = useState<Exclude<PortfolioContent, { kind: 'url' }> | null>(
    initial && initial.content.kind !== 'url' ? initial.content : null,
  );
  const [errors, setErrors] = useState<PortfolioErrors>({});

  const addSkill = () => {
    const name = skillText.trim();
    if (!name) return;
    if (!skills.some((s) => s.toLowerCase() === name.toLowerCase())) setSkills([...skills, name]);
    setSkillText('');
    setErrors((e) => ({ ...e, portfolioSkills: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const found = validatePortfolioItem({
      portfolioTitle: title,
      portfolioDesc: desc,
      portfolioSkills: skills,
      contentKind: kind,
      portfolioUrl: url,
      hasFile: Boolean(file),
    });
    setErrors(found);
    const first = (['portfolioTitle', 'portfolioDesc', 'portfolioSkills', 'portfolioUrl', 'hasFile'] as const).find((k) => found[k]);
    if (first) {
      document.getElementById(id(first === 'hasFile' ? 'file' : first))?.focus();
      return;
    }
    const content: PortfolioContent | null = kind === 'url' ? { kind: 'url', url: url.trim() } : file;
    if (!content) return;
    onSave({
      key: initial?.key ?? newKey(),
      freelancerPortfolioId: initial?.freelancerPortfolioId ?? null,
      portfolioTitle: title.trim(),
      portfolioDesc: desc.trim(),
      portfolioSkills: skills,
      content,
    });
  };

  // Picking one kind of content clears the other. spec: §4 Portfolio
  const choose = (next: 'url' | 'file') => {
    if (next === kind) return;
    setKind(next);
    if (next === 'url') setFile(null);
    else setUrl('');
    setErrors((er) => ({ ...er, portfolioUrl: undefined, hasFile: undefined }));
  };

  const fileLabel = file ? (file.kind === 'file' ? file.file.name : storedName(file)) : null;

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <FormField id={id('portfolioTitle')} label="Project name" error={errors.portfolioTitle}>
        {(control) => (
          <input
            {...control}
            value={title}
            maxLength={PORTFOLIO_TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
            className={inputClass(Boolean(errors.portfolioTitle))}
          />
        )}
      </FormField>

      <CountedTextarea
        id={id('portfolioDesc')}
        label="Description"
        max={PORTFOLIO_DESC_MAX}
        value={desc}
        error={errors.portfolioDesc}
        rows={3}
        onChange={(e) => setDesc(e.target.value)}
      />

      <FormField
        id={id('portfolioSkills')}
        label="Skills used"
        hint="Type a skill and press Enter or Add skill."
        error={errors.portfolioSkills}
      >
        {(control) => (
          <>
            <div className="flex gap-2">
              <input
                {...control}
                value={skillText}
                maxLength={SHORT_TEXT_MAX}
                placeholder="e.g. React"
                onChange={(e) => setSkillText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addSkill();
                  }
                }}
                className={inputClass(Boolean(errors.portfolioSkills))}
              />
              <Button variant="secondary" onClick={addSkill} disabled={!skillText.trim()} className="shrink-0">
                Add skill
              </Button>
            </div>
            {skills.length > 0 && (
              <ul aria-label="Skills of this project" className="flex flex-wrap gap-2 pt-1">
                {skills.map((s) => (
                  <li
                    key={s}
                    className="inline-flex min-h-9 items-center gap-1 rounded-full border border-brand-100 bg-brand-50 py-1 pr-1 pl-3.5 text-sm font-medium text-brand-900"
                  >
                    {s}
                    <button
                      type="button"
                      onClick={() => setSkills(skills.filter((x) => x !== s))}
                      aria-label={`Remove ${s}`}
                      className="inline-flex h-7 w-7 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100"
                    >
                      <X className="h-3.5 w-3.5" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </FormField>

      <fieldset className="space-y-4">
        <legend className="text-sm font-medium text-ink">Project content</legend>
        <div className="grid grid-cols-2 gap-2 rounded-xl bg-surface p-1">
          {(
            [
              ['url', 'Link', Link2],
              ['file', 'File', Paperclip],
            ] as const
          ).map(([value, label, Icon]) => (
            <label
              key={value}
              className={cn(
                'relative flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
                kind === value ? 'bg-white text-brand-800 shadow-sm' : 'text-muted hover:text-ink',
              )}
            >
              <input
                type="radio"
                name={id('kind')}
                value={value}
                checked={kind === value}
                onChange={() => choose(value)}
                className="absolute inset-0 cursor-pointer appearance-none rounded-lg opacity-0"
              />
              <Icon className="h-4 w-4" aria-hidden="true" />
              {label}
            </label>
          ))}
        </div>

        {kind === 'url' ? (
          <FormField id={id('portfolioUrl')} label="Project URL" error={errors.portfolioUrl}>
            {(control) => (
              <input
                {...control}
                type="url"
                inputMode="url"
                value={url}
                placeholder="https://"
                maxLength={URL_MAX}
                onChange={(e) => {
                  setUrl(e.target.value);
                  setErrors((er) => ({ ...er, portfolioUrl: undefined }));
                }}
                className={inputClass(Boolean(errors.portfolioUrl))}
              />
            )}
          </FormField>
        ) : (
          <div className="space-y-1.5">
            <div className="flex flex-wrap items-center gap-3">
              <input
                id={id('file')}
                type="file"
                accept={PORTFOLIO_ACCEPT}
                className="peer sr-only"
                aria-label="Project file"
                aria-invalid={errors.hasFile ? true : undefined}
                aria-describedby={errors.hasFile ? `${id('file')}-error` : `${id('file')}-hint`}
                onChange={(e) => {
                  const chosen = e.target.files?.[0];
                  e.target.value = '';
                  if (!chosen) return;
                  const problem = fileProblem(chosen);
                  // Said under the control, not in a toast the dialog would cover (issue 19).
                  if (problem) {
                    setErrors((er) => ({ ...er, hasFile: `${problem.title}: ${problem.message}` }));
                    return;
                  }
                  setFile({ kind: 'file', file: chosen });
                  setErrors((er) => ({ ...er, hasFile: undefined }));
                }}
              />
              <label
                htmlFor={id('file')}
                className={cn(
                  buttonClass('secondary', 'cursor-pointer'),
                  'peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2',
                )}
              >
                <Paperclip className="h-4 w-4" aria-hidden="true" />
                {file ? 'Replace file' : 'Upload file'}
              </label>
              {fileLabel && (
                <span className="inline-flex min-w-0 max-w-full items-center gap-1.5 text-sm text-ink">
                  <FileText className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
                  <span className="truncate">{fileLabel}</span>
                </span>
              )}
            </div>
            {errors.hasFile ? (
              <p id={`${id('file')}-error`} role="alert" className="text-sm text-danger">
                {errors.hasFile}
              </p>
            ) : (
              <p id={`${id('file')}-hint`} className="text-xs text-muted">
                PDF, JPG, PNG, DOC or DOCX, up to {formatBytes(PORTFOLIO_FILE_MAX_BYTES)}.
              </p>
            )}
          </div>
        )}
      </fieldset>

      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{initial ? 'Update project' : 'Add project'}</Button>
      </div>
    </form>
  );
}
