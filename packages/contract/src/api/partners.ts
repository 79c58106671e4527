import { z } from 'zod';
import { COMPANY_NAME_MAX, EMAIL_MAX } from '../limits.ts';
import { isValidEmail } from '../validation/auth.ts';
import { isAllowedCompanyName } from '../validation/partner.ts';
import { defineEndpoint } from './define.ts';

// spec: auth-onboarding §3 Partner request, §7 POST /company-user/company-partnership, §8 Partner request.
// The rules are those of PartnerFormSchema; on the wire each failure is a catalogue code.

const code = (c: string) => ({ error: c });
const text = (missing: string) => z.string(code(missing)).trim().min(1, { message: missing, abort: true });

export const PartnerRequestBody = z.object(
  {
    companyName: text('TL_CORE_01005_E')
      .max(COMPANY_NAME_MAX, { message: 'TL_CORE_00400_E', abort: true })
      .refine(isAllowedCompanyName, 'TL_CORE_00400_E'),
    companyEmail: text('TL_CORE_01001_E')
      .max(EMAIL_MAX, { message: 'TL_CORE_01007_E', abort: true })
      .refine(isValidEmail, 'TL_CORE_01007_E'),
  },
  code('TL_CORE_00400_E'),
);
export type PartnerRequestBody = z.input<typeof PartnerRequestBody>;

export const PartnerResponse = z.object({
  status: z.literal('success'),
  responseCode: z.string(),
  responseMessage: z.string(),
});

export const companyPartnership = defineEndpoint({
  tag: 'partners',
  method: 'POST',
  path: '/company-user/company-partnership',
  summary: 'A company asks to hire talent (landing page partner form); an exact repeat is refused with 01200',
  auth: false,
  access: 'public',
  body: PartnerRequestBody,
  response: PartnerResponse,
});
