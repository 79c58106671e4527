import { useMutation } from '@tanstack/react-query';
import { callLazy } from '../../../lib/lazy-endpoint.ts';

// GET /account/export: everything stored about the signed-in user, as JSON (the endpoint loads with
// the first call, issue 19). A download, not a cached query.

export const exportData = () => callLazy(() => import('@talentloop/contract/api/account').then((m) => m.exportAccount));

export const useExportData = () => useMutation({ mutationFn: exportData });
