// Business constants and limits. spec: auth-onboarding §9, profile-company §9; security: DESIGN.md.

export const OTP_LENGTH = 5;
export const OTP_RESEND_SECONDS = 30;
export const OTP_TTL_MINUTES = 10;
/** Wrong tries that kill one code. */
export const OTP_MAX_ATTEMPTS = 5;
/** Wrong codes per email per 24 h, across all codes. */
export const OTP_MAX_FAILURES_PER_DAY = 20;
export const OTP_MAX_SENDS_PER_HOUR = 5;

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const LOGIN_LOCK_MINUTES = 15;

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome; argon2 hashes the whole input, nothing is truncated. */
export const PASSWORD_MAX = 128;
export const LOGIN_PASSWORD_MIN = 6;
export const NAME_MAX = 50;
export const EMAIL_MAX = 254;
export const COMPANY_NAME_MAX = 100;
export const PASSWORD_SPECIAL_CHARS = '!@#$%^&*(),.?":{}|<>';

export const ACCESS_TOKEN_MINUTES = 60;
export const REFRESH_GRACE_SECONDS = 10;
export const SESSION_MAX_DAYS = 30;
export const RESET_GRANT_MINUTES = 10;

// Web session behaviour. spec: auth-onboarding §4 Session, §9
export const CALL_TIMEOUT_MS = 30_000;
export const REFRESH_TIMEOUT_MS = 5_000;
export const BACKGROUND_CHECK_MS = 5 * 60_000;
export const REFRESH_AFTER_MS = (ACCESS_TOKEN_MINUTES - 5) * 60_000;
export const RESTORE_TIMEOUT_MS = 5_000;

export const TOAST_MS = 4_000;
export const GENERIC_TOAST_MS = 7_000;
export const ERROR_MODAL_MS = 1_500;
export const PARTNER_MODAL_CLOSE_MS = 3_000;
export const VERIFIED_REDIRECT_MS = 3_000;
export const RESET_REDIRECT_MS = 2_000;
export const WIZARD_STEP_DELAY_MS = 2_000;

export const DESKTOP_BREAKPOINT_PX = 768;
export const PRIVACY_BREAKPOINT_PX = 900;
export const EMAIL_DISPLAY_MAX = 24;
export const EMAIL_DISPLAY_KEEP = 21;

export const BIO_MAX = 255;
export const PHOTO_MAX_BYTES = 2_097_152;

// Freelancer profile fields. spec: profile-company §5, §9; the bounds the spec leaves open are ours
// (docs/decisions.md "One definition per field").
/** A rate is stored with two decimals; below $1 or above $1,000 an hour is a typing mistake. */
export const HOURLY_RATE_MIN = 1;
export const HOURLY_RATE_MAX = 1_000;
/** Short one-line texts: occupation, skill, degree, university, title, company, certification. */
export const SHORT_TEXT_MAX = 100;
export const LONG_NAME_MAX = 200;
export const URL_MAX = 2_048;
export const VIDEO_TITLE_MAX = 100;
export const PORTFOLIO_TITLE_MAX = 100;
export const PORTFOLIO_DESC_MAX = 255;
export const PORTFOLIO_MAX_ITEMS = 2;
export const PORTFOLIO_SKILLS_MAX = 20;
/** One limit for a portfolio file on both sides, enforced while streaming (docs/decisions.md). */
export const PORTFOLIO_FILE_MAX_BYTES = 2_097_152;
/**
 * Office documents (.docx) are ZIP archives: what one may hold once inflated, wherever it is
 * uploaded. Every entry is inflated as a stream, counting bytes, and cut off at the first byte past
 * its declared size or past the total, so a directory that lies costs at most this much work.
 */
export const OFFICE_ZIP_MAX_ENTRIES = 500;
export const OFFICE_ZIP_MAX_UNCOMPRESSED_BYTES = 50 * 1024 * 1024;
/** Inflated / compressed size, judged for entries larger than OFFICE_ZIP_RATIO_FLOOR_BYTES once inflated. */
export const OFFICE_ZIP_MAX_RATIO = 100;
export const OFFICE_ZIP_RATIO_FLOOR_BYTES = 1024 * 1024;
export const SKILLS_MAX = 50;
export const LANGUAGES_MAX = 36;
export const EDUCATION_MAX = 20;
export const WORK_MAX = 30;
export const CERTIFICATIONS_MAX = 30;
/** The earliest year any profile date may name (work dates, certifications). */
export const DATE_YEAR_MIN = 1900;

/** Figures stated on the landing and legal pages. spec: auth-onboarding §1, §9 */
export const LEGAL = {
  minimumAge: 18,
  commissionPercent: 15,
  escrowReleaseDays: 7,
  paymentDisputeDays: 30,
  terminationNoticeDays: 30,
  governingLaw: 'India',
} as const;

/** Shortens a long email for display. spec: auth-onboarding §9 Email display */
export function truncateEmail(email: string): string {
  return email.length > EMAIL_DISPLAY_MAX ? `${email.slice(0, EMAIL_DISPLAY_KEEP)}...` : email;
}
