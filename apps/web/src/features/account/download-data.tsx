import { BRAND } from '@talentloop/contract';
import { Download } from 'lucide-react';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { notify } from '../../ui/toast.ts';
import { useExportData } from './api/export-data.ts';

/** The export's file name: the brand and the day, e.g. talentloop-data-2026-11-22.json. */
export function exportFileName(now: Date = new Date()): string {
  return `${BRAND.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-data-${now.toISOString().slice(0, 10)}.json`;
}

/** Hands a JSON value to the browser as a file download. */
export function downloadJson(value: unknown, fileName: string) {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the blob to the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * 'Download my data': a JSON file of everything stored about the user. issue 10 (beyond the spec)
 */
export function DownloadDataButton({ className, variant = 'secondary' }: { className?: string; variant?: 'secondary' | 'ghost' }) {
  const exportData = useExportData();
  return (
    <Button
      variant={variant}
      className={cn('justify-start', className)}
      pending={exportData.isPending}
      onClick={() =>
        exportData.mutate(undefined, {
          onSuccess: (data) => downloadJson(data, exportFileName()),
          onError: (err) => {
            const shown = errorMessage(err, {
              fallback: { title: 'Download failed', message: 'Failed to export your data. Please try again.' },
            });
            notify.error(shown.title, shown.message);
          },
        })
      }
    >
      {!exportData.isPending && <Download className="h-4 w-4" aria-hidden="true" />}
      Download my data
    </Button>
  );
}
