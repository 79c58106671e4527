// Static lists for the company side. spec: profile-company §9

/** Industries on the profile and verification forms (39). */
export const INDUSTRIES = [
  'Agriculture',
  'Automotive',
  'Banking',
  'Biotechnology',
  'Chemicals',
  'Construction',
  'Consulting',
  'Consumer Goods',
  'Defense & Aerospace',
  'Education',
  'Energy',
  'Entertainment',
  'Environmental Services',
  'Fashion',
  'Financial Services',
  'Food & Beverage',
  'Government',
  'Healthcare',
  'Hospitality',
  'Information Technology',
  'Insurance',
  'Legal Services',
  'Logistics & Supply Chain',
  'Manufacturing',
  'Marketing & Advertising',
  'Media & Publishing',
  'Mining & Metals',
  'Nonprofit',
  'Oil & Gas',
  'Pharmaceuticals',
  'Real Estate',
  'Retail',
  'Telecommunications',
  'Textiles',
  'Transportation',
  'Utilities',
  'Venture Capital & Private Equity',
  'Warehousing',
  'Wholesale',
] as const;

/** Company sizes: the code is stored, the label shown. */
export const COMPANY_SIZES = [
  { code: 'micro-business', label: '1-10 (micro-business)' },
  { code: 'small-business', label: '11-100 (small-business)' },
  { code: 'medium-business', label: '101-250 (medium-business)' },
  { code: 'large-business', label: '251+ (large-business)' },
] as const;
export const COMPANY_SIZE_CODES = COMPANY_SIZES.map((s) => s.code) as unknown as [string, ...string[]];

/** The contact form's phone codes (13), +91 India the default; `region` is the ISO country the number is checked for. */
export const PHONE_CODES = [
  { code: '+1', country: 'US', region: 'US', flag: '🇺🇸' },
  { code: '+44', country: 'UK', region: 'GB', flag: '🇬🇧' },
  { code: '+91', country: 'India', region: 'IN', flag: '🇮🇳' },
  { code: '+61', country: 'Australia', region: 'AU', flag: '🇦🇺' },
  { code: '+86', country: 'China', region: 'CN', flag: '🇨🇳' },
  { code: '+49', country: 'Germany', region: 'DE', flag: '🇩🇪' },
  { code: '+33', country: 'France', region: 'FR', flag: '🇫🇷' },
  { code: '+81', country: 'Japan', region: 'JP', flag: '🇯🇵' },
  { code: '+7', country: 'Russia', region: 'RU', flag: '🇷🇺' },
  { code: '+55', country: 'Brazil', region: 'BR', flag: '🇧🇷' },
  { code: '+34', country: 'Spain', region: 'ES', flag: '🇪🇸' },
  { code: '+39', country: 'Italy', region: 'IT', flag: '🇮🇹' },
  { code: '+82', country: 'South Korea', region: 'KR', flag: '🇰🇷' },
] as const;
export const DEFAULT_PHONE_CODE = '+91';

/** Social platforms of the contact form (9) and the sites their links must be on ('Website': any site). */
export const SOCIAL_PLATFORMS = [
  { name: 'LinkedIn', domains: ['linkedin.com'] },
  { name: 'Twitter', domains: ['twitter.com', 'x.com'] },
  { name: 'Facebook', domains: ['facebook.com', 'fb.com'] },
  { name: 'Instagram', domains: ['instagram.com'] },
  { name: 'YouTube', domains: ['youtube.com', 'youtu.be'] },
  { name: 'GitHub', domains: ['github.com'] },
  { name: 'GitLab', domains: ['gitlab.com'] },
  { name: 'Medium', domains: ['medium.com'] },
  { name: 'Website', domains: [] },
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number]['name'];
export const SOCIAL_PLATFORM_NAMES = SOCIAL_PLATFORMS.map((p) => p.name) as unknown as [SocialPlatform, ...SocialPlatform[]];

/** Documents a company may submit for manual verification (spec: profile-company §9): the code is stored, the label shown. */
export const DOCUMENT_TYPES = [
  { code: 'registration-certificate', label: 'Company Registration Certificate' },
  { code: 'tax-certificate', label: 'Tax Registration Certificate' },
  { code: 'business-license', label: 'Business License' },
  { code: 'other-official', label: 'Other official documents' },
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number]['code'];
export const DOCUMENT_TYPE_CODES = DOCUMENT_TYPES.map((d) => d.code) as unknown as [DocumentType, ...DocumentType[]];
export const documentTypeLabel = (code: string): string => DOCUMENT_TYPES.find((d) => d.code === code)?.label ?? code;

/** Reasons for a support call (5). spec: profile-company §9 */
export const SUPPORT_REASONS = ['Account Verification', 'Document Submission', 'Technical Issue', 'Payment Problem', 'Other'] as const;
export type SupportReason = (typeof SUPPORT_REASONS)[number];
