import { ERRORS, type ErrorCode, PORTFOLIO_MAX_ITEMS } from '@talentloop/contract';
import { PORTFOLIO_MESSAGES as M, getPortfolio } from '@talentloop/contract/api/portfolio';
import { ExternalLink, FileText, FolderOpen, ImageIcon, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { errorCode, errorMessage } from '../../lib/error-message.ts';
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { FileThumbnail } from '../../ui/file-thumbnail.tsx';
import { notify } from '../../ui/toast.ts';
import { EditorSection, STALE_MESSAGE, SaveBar, StaleNotice } from '../../ui/profile-form/editor-section.tsx';
import { useSectionQuery } from '../profile-editor/api/get-section.ts';
import { EDITOR_STALE_CODE as STALE_CODE } from '@talentloop/contract/validation/profile-editor-messages';
import { SectionBody } from '../profile-editor/sections/section-body.tsx';
import { type PortfolioLoad, useSavePortfolio } from './api/save-portfolio.ts';
import { type PortfolioDraft, canAdd, canRemove, fromSaved, remove, signature, storedName, upsert } from './portfolio-draft.ts';
import { PortfolioModal } from './portfolio-modal.tsx';

const PORTFOLIO_CODES: readonly ErrorCode[] = ['TL_CORE_10093_E', 'TL_CORE_10094_E', 'TL_CORE_00413_E', 'TL_CORE_00429_E'];
const FAILED = { title: 'Update failed', message: M.saveFailed };

/**
 * The Portfolio section of the profile editor: loads when opened (skeleton), edits a local list
 * through a modal, saves all at once. spec: profile-company §4 Freelancer editor (general, Portfolio),
 * §5 Portfolio, §8 ('Portfolio Saved', 'Failed to save portfolio.')
 */
export function PortfolioSection() {
  const query = useSectionQuery('portfolio', getPortfolio);
  return (
    <EditorSection id="portfolio" title="Portfolio" description={`Show up to ${PORTFOLIO_MAX_ITEMS} projects, each with a link or a file.`}>
      <SectionBody query={query} loadFailed="Failed to load portfolio. Please try again." rows={2}>
        {(data) => (
          // Keyed by the load, so a save's answer or a reload replaces the local list.
          <PortfolioEditor key={query.dataUpdatedAt} load={data} onReload={() => query.refetch()} reloading={query.isFetching} />
        )}
      </SectionBody>
    </EditorSection>
  );
}

function PortfolioEditor({ load, onReload, reloading }: { load: PortfolioLoad; onReload: () => void; reloading: boolean }) {
  const uid = useId();
  const saved = useRef(fromSaved(load.portfolioDto));
  const [items, setItems] = useState<PortfolioDraft[]>(saved.current);
  const [editing, setEditing] = useState<PortfolioDraft | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [stale, setStale] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const save = useSavePortfolio();
  const dirty = signature(items) !== signature(saved.current);
  useUnsavedChanges(dirty && !save.isPending);

  const openModal = (item: PortfolioDraft | null) => {
    setEditing(item);
    setModalOpen(true);
  };

  const submit = () => {
    setStale(false);
    save.mutate(
      { items, version: load.version },
      {
        onSuccess: () => notify.success(M.saved),
        onError: (err) => {
          if (errorCode(err) === STALE_CODE) {
            setStale(true);
            notify.error(ERRORS.TL_CORE_10110_E.title, STALE_MESSAGE);
            return;
          }
          const shown = errorMessage(err, { fallback: FAILED, codes: PORTFOLIO_CODES });
          notify.error(shown.title, shown.message);
        },
      },
    );
  };

  const removable = canRemove(items);
  return (
    <div className="space-y-5">
      {stale && <StaleNotice onReload={onReload} reloading={reloading} />}

      {items.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-line px-4 py-8 text-center">
          <FolderOpen className="h-8 w-8 text-brand-300" aria-hidden="true" />
          <p className="mt-3 font-semibold text-ink">No projects yet</p>
          <p className="mt-1 max-w-xs text-sm text-muted">Add a project so companies can see your work.</p>
        </div>
      ) : (
        <ul aria-label="Portfolio items" className="grid gap-4 md:grid-cols-2">
          {items.map((item) => (
            <li key={item.key} className="flex min-w-0 flex-col rounded-xl border border-line p-4">
              <div className="flex items-start gap-3">
                <ContentIcon item={item} />
                <div className="min-w-0 flex-1">
                  <h3 className="line-clamp-2 font-semibold break-words text-ink">{item.portfolioTitle}</h3>
                  <ContentLine item={item} />
                </div>
              </div>
              <p className="mt-3 text-sm break-words text-muted">{item.portfolioDesc}</p>
              <ul aria-label={`Skills of ${item.portfolioTitle}`} className="mt-3 flex flex-wrap gap-1.5">
                {item.portfolioSkills.map((s) => (
                  <li key={s} className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-900">
                    {s}
                  </li>
                ))}
              </ul>
              <div className="mt-auto flex gap-2 pt-4">
                <Button variant="secondary" className="px-3.5" onClick={() => openModal(item)} aria-label={`Edit ${item.portfolioTitle}`}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  className="px-3.5"
                  disabled={!removable}
                  aria-describedby={removable ? undefined : `${uid}-last`}
                  onClick={() => setItems((list) => remove(list, item.key))}
                  aria-label={`Remove ${item.portfolioTitle}`}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {!removable && items.length === 1 && (
        <p id={`${uid}-last`} className="text-xs text-muted">
          At least one project must remain.
        </p>
      )}

      <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-3">
        <button
          ref={addButton}
          type="button"
          className={buttonClass('secondary')}
          onClick={() => openModal(null)}
          disabled={!canAdd(items) || save.isPending}
          aria-describedby={canAdd(items) ? undefined : `${uid}-max`}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add project
        </button>
        {!canAdd(items) && (
          <p id={`${uid}-max`} className="text-xs text-muted">
            You can show at most {PORTFOLIO_MAX_ITEMS} projects.
          </p>
        )}
      </div>

      <SaveBar dirty={dirty && items.length > 0} saving={save.isPending} onSave={submit} />

      <PortfolioModal
        open={modalOpen}
        initial={editing}
        returnFocus={editing ? undefined : addButton}
        onOpenChange={setModalOpen}
        onSave={(item) => {
          setItems((list) => upsert(list, item));
          setModalOpen(false);
        }}
      />
    </div>
  );
}

function ContentIcon({ item }: { item: PortfolioDraft }) {
  const c = item.content;
  // An image shows itself: the saved file, or the one just chosen (issue 19).
  if (c.kind === 'stored' && c.contentType === 'IMAGE' && c.url)
    return <FileThumbnail key={c.url} src={c.url} alt={`Preview of ${item.portfolioTitle}`} />;
  if (c.kind === 'file' && c.file.type.startsWith('image/'))
    return <FileThumbnail src={c.file} alt={`Preview of ${item.portfolioTitle}`} />;
  const Icon =
    c.kind === 'url'
      ? ExternalLink
      : (c.kind === 'stored' ? c.contentType === 'IMAGE' : c.file.type.startsWith('image/'))
        ? ImageIcon
        : FileText;
  return (
    <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
      <Icon className="h-5 w-5" aria-hidden="true" />
    </span>
  );
}

function ContentLine({ item }: { item: PortfolioDraft }) {
  const c = item.content;
  if (c.kind === 'url')
    return (
      <a
        href={c.url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="block truncate text-sm text-brand-700 underline-offset-2 hover:underline"
      >
        {c.url}
      </a>
    );
  if (c.kind === 'stored')
    return (
      <a
        href={c.url}
        target="_blank"
        rel="noopener noreferrer"
        className="block truncate text-sm text-brand-700 underline-offset-2 hover:underline"
      >
        {storedName(c)}
      </a>
    );
  return <p className="truncate text-sm text-muted">{c.file.name} (not saved yet)</p>;
}
