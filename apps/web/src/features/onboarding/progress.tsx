import { type ReactNode, createContext, useContext, useEffect, useState } from 'react';

// Live section percentages: a mounted step reports what its form holds; the completion card falls
// back to the saved data for the others. spec: auth-onboarding §4 Wizard details

export type Section = 'basics' | 'education' | 'preference';
type Live = Partial<Record<Section, number>>;

const LiveContext = createContext<Live>({});
const ReportContext = createContext<(section: Section, percent: number | undefined) => void>(() => {});

export function ProgressProvider({ children }: { children: ReactNode }) {
  const [live, setLive] = useState<Live>({});
  const [report] = useState(
    () => (section: Section, percent: number | undefined) =>
      setLive((prev) => (prev[section] === percent ? prev : { ...prev, [section]: percent })),
  );
  return (
    <ReportContext.Provider value={report}>
      <LiveContext.Provider value={live}>{children}</LiveContext.Provider>
    </ReportContext.Provider>
  );
}

export const useLiveProgress = () => useContext(LiveContext);

/** Reports a step's current percentage while it is shown. */
export function useReportProgress(section: Section, percent: number) {
  const report = useContext(ReportContext);
  useEffect(() => {
    report(section, percent);
  }, [report, section, percent]);
  useEffect(() => () => report(section, undefined), [report, section]);
}
