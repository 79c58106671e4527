import { exportAccount } from '@talentloop/contract/api/account';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** GET /account/export: everything stored about the signed-in user, as JSON. */
export const useExportData = () => useMutation({ mutationFn: () => call(exportAccount) });
