import { Tabs } from 'radix-ui';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { pillBarFrameClass, pillClass, pillRowClass, useCurrentPillInView } from '../../ui/pill-bar.ts';
import { SectionBoundary } from '../../ui/section-boundary.tsx';
import { useCompanyBasics } from './api/get-company-basics.ts';
import { useCompanyContact } from './api/get-company-contact.ts';
import { useCompanyHome } from './api/get-company-home.ts';
import { BasicsTab } from './basics-form.tsx';
import { CompletionPanel } from './completion-panel.tsx';
import { ContactTab } from './contact-form.tsx';
import { VerificationTab } from './verification-tab.tsx';

// Company profile setup: tabs Profile Basics, Contact Information, Account Verification, beside the
// completion the server computes from saved data. The tab is in the address (?tab=), so reload and
// Back keep the place. spec: profile-company §2 Company profile setup

const TABS = [
  { key: 'basics', label: 'Profile Basics', title: 'Profile basics', text: 'Who you are: the basics vetted freelancers see first.' },
  { key: 'contact', label: 'Contact Information', title: 'Contact information', text: 'How talent and our team reach your company.' },
  {
    key: 'verification',
    label: 'Account Verification',
    title: 'Account verification',
    text: 'Prove your company is legitimate to start hiring.',
  },
] as const;
type TabKey = (typeof TABS)[number]['key'];
const parseTab = (v: string | null): TabKey => (TABS.some((t) => t.key === v) ? (v as TabKey) : 'basics');

export function CompanyProfileSetupPage() {
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  // On a phone the tabs are one scrolling row: the current one (from the address, or after a
  // Continue) is scrolled into view.
  const tabRow = useRef<HTMLDivElement>(null);
  useCurrentPillInView(tabRow, tab);
  const goTo = (next: TabKey) => {
    setParams(next === 'basics' ? {} : { tab: next });
    window.scrollTo({ top: 0 });
  };
  const home = useCompanyHome();
  const basics = useCompanyBasics();
  const contact = useCompanyContact();
  // The freshest completion the server answered (each load and save carries one).
  const completion = [home, basics, contact].filter((q) => q.data).sort((a, b) => b.dataUpdatedAt - a.dataUpdatedAt)[0]?.data?.completion;

  return (
    <main className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-8">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold text-brand-700">Company profile setup</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Set up your company profile</h1>
        <p className="mt-2 text-muted">Complete each part; every Continue saves it. You can change everything later.</p>
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_20rem]">
        <Tabs.Root value={tab} onValueChange={(v) => goTo(v as TabKey)} className="min-w-0">
          {/* The editor's scrolling pill bar: one line on a phone, never wrapping, the current tab in view (issue 19). */}
          <div className={pillBarFrameClass}>
            <Tabs.List ref={tabRow} aria-label="Company profile setup" className={pillRowClass()}>
              {TABS.map((t) => (
                <Tabs.Trigger key={t.key} value={t.key} className={pillClass()}>
                  {t.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </div>
          {TABS.map((t) => (
            <Tabs.Content
              key={t.key}
              value={t.key}
              className="mt-4 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm focus-visible:outline-offset-4 sm:mt-6 sm:p-8"
            >
              <div className="mb-6 border-b border-line pb-5">
                <h2 className="text-xl font-bold tracking-tight">{t.title}</h2>
                <p className="mt-1 text-sm text-muted">{t.text}</p>
              </div>
              <SectionBoundary name={t.label}>
                {t.key === 'basics' && <BasicsTab onSaved={() => goTo('contact')} />}
                {t.key === 'contact' && <ContactTab onBack={() => goTo('basics')} onSaved={() => goTo('verification')} />}
                {t.key === 'verification' && <VerificationTab status={home.data?.verificationStatus} onBack={() => goTo('contact')} />}
              </SectionBoundary>
            </Tabs.Content>
          ))}
        </Tabs.Root>

        <aside aria-label="Profile completion" className="order-first lg:sticky lg:top-24 lg:order-none">
          <SectionBoundary name="profile completion">
            <CompletionPanel completion={completion} />
          </SectionBoundary>
        </aside>
      </div>
    </main>
  );
}
