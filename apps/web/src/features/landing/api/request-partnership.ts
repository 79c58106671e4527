import { type PartnerForm, api } from '@talentloop/contract';
import { call } from '../../../lib/api-client.ts';

// Hire Talents on the landing page (spec §9): the company's name and email as a partner request.
// A plain fetcher: the modal shows the outcome itself and nothing is cached (decision 188).

export const requestPartnership = (values: PartnerForm) => call(api.companyPartnership, values);
