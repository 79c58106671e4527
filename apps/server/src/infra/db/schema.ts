import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored normalised (trimmed, lower case); unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    userType: text('user_type').notNull().default('freelancer'),
    company: text('company').notNull().default(''),
    roles: text('roles').array().notNull().default(sql`ARRAY['freelancer']::text[]`),
    emailVerifiedAt: ts('email_verified_at'),
    googleSub: text('google_sub'),
    onboardingStage: text('onboarding_stage').notNull().default('PROFILE_BASICS'),
    profilePhotoUrl: text('profile_photo_url'),
    /** Made by `npm run seed:demo` (0015): shown as a demo, never counted in figures, never mailed. */
    demo: boolean('demo').notNull().default(false),
    /** Set by an operator (0016, issue 21): sessions end at once and sign-in is refused until reactivated. */
    suspendedAt: ts('suspended_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_google_sub_key').on(t.googleSub)],
);

/**
 * One live code per email, purpose and requesting browser (hash of its code cookie); a new code
 * replaces that browser's old row. A registration code carries the attempt it activates (0002).
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    requester: text('requester').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: ts('sent_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    /** Registration only: { passwordHash, firstName, lastName, userType, company } of the attempt. */
    payload: jsonb('payload'),
  },
  (t) => [uniqueIndex('otp_codes_email_purpose_requester_key').on(t.email, t.purpose, t.requester)],
);

/** Fixed-window counters for rate limits, lockouts and failure totals, shared by every instance. */
export const counters = pgTable('counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: ts('window_start').notNull(),
});

/** Refresh tokens; a family is one sign-in, rotated on every refresh. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    familyStartedAt: ts('family_started_at').notNull(),
    createdAt: ts('created_at').notNull(),
    rotatedAt: ts('rotated_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_family_idx').on(t.familyId),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Permission to set a new password, granted by a verified password-reset code. */
export const resetGrants = pgTable('reset_grants', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Mail written in the same transaction as what caused it, delivered with retries. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lockedUntil: ts('locked_until'),
    sentAt: ts('sent_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
    /** Not sent after this (a code mail dies with its code). */
    expiresAt: ts('expires_at').notNull(),
    /** Given up on: tried too often, or expired unsent. */
    deadAt: ts('dead_at'),
    /** Files sent with the mail (a support call's .ics, 0012); cleared with the body once sent. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
  },
  (t) => [
    index('outbox_pending_idx').on(t.nextAttemptAt).where(sql`sent_at IS NULL AND dead_at IS NULL`),
    // The worker's claim of the oldest due mail (decision 311).
    index('outbox_claim_idx').on(t.id).where(sql`sent_at IS NULL AND dead_at IS NULL`),
  ],
);

/** Generated secrets shared by every instance (signing keys), created once. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

// ---- landing (issue 4) ----

/** Companies asking to hire through the landing page's partner form. */
export const partnerRequests = pgTable(
  'partner_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyName: text('company_name').notNull(),
    /** Stored normalised (trimmed, lower case). */
    companyEmail: text('company_email').notNull(),
    createdAt: ts('created_at').notNull(),
    /** The operators' follow-up (0016, issue 21): a PARTNER_REQUEST_STATUSES entry (contract). */
    status: text('status').notNull().default('new'),
    /** The operators' private note. */
    note: text('note').notNull().default(''),
    /** Bumped by every operator save; a save from an older version is refused (409). */
    version: integer('version').notNull().default(0),
    updatedAt: ts('updated_at'),
  },
  (t) => [
    uniqueIndex('partner_requests_name_email_key').on(sql`lower(${t.companyName})`, t.companyEmail),
    index('partner_requests_status_idx').on(t.status, t.createdAt),
    check('partner_requests_status_check', sql`${t.status} IN ('new', 'contacted', 'closed')`),
  ],
);

/** First-party page views: a daily count per path, nothing personal. */
export const pageViews = pgTable(
  'page_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

// ---- freelancer profile (wizard, issue 5, and the profile editor) ----

/** One row per freelancer: About Me, work preferences and talent-pool state. */
export const freelancerProfiles = pgTable(
  'freelancer_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    countryCode: text('country_code'),
    dialingCode: text('dialing_code'),
    mobileNo: text('mobile_no'),
    occupation: text('occupation'),
    minHourlyRate: numeric('min_hourly_rate', { precision: 10, scale: 2, mode: 'number' }),
    maxHourlyRate: numeric('max_hourly_rate', { precision: 10, scale: 2, mode: 'number' }),
    experienceLevel: text('experience_level'),
    videoTitle: text('video_title'),
    videoUrl: text('video_url'),
    openToWork: boolean('open_to_work').notNull().default(true),
    minHoursPerWeek: integer('min_hours_per_week'),
    maxHoursPerWeek: integer('max_hours_per_week'),
    projectDurationPreference: text('project_duration_preference'),
    /** Set when onboarding completes: the freelancer is in the talent pool. */
    inTalentPoolAt: ts('in_talent_pool_at'),
    /**
     * Vetting (0015, issue 20): not_submitted | in_review | changes_requested | vetted | declined.
     * Every change is one conditional write (WHERE vetting_status = the state decided on) plus a
     * talent_events row; `vetting_status_at` is when the current state began.
     */
    vettingStatus: text('vetting_status').notNull().default('not_submitted'),
    vettingStatusAt: ts('vetting_status_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('freelancer_profiles_phone_key').on(t.dialingCode, t.mobileNo),
    index('freelancer_profiles_review_queue_idx').on(t.vettingStatusAt).where(sql`${t.vettingStatus} = 'in_review'`),
    check(
      'freelancer_profiles_vetting_status_check',
      sql`${t.vettingStatus} IN ('not_submitted', 'in_review', 'changes_requested', 'vetted', 'declined')`,
    ),
  ],
);

export const freelancerSkills = pgTable(
  'freelancer_skills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skillName: text('skill_name').notNull(),
    /** Years; 0 means less than one year. */
    experienceYears: integer('experience_years').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('freelancer_skills_user_name_key').on(t.userId, sql`lower(${t.skillName})`)],
);

export const freelancerLanguages = pgTable(
  'freelancer_languages',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageCode: text('language_code').notNull(),
    proficiency: text('proficiency').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.languageCode] })],
);

export const freelancerEducation = pgTable(
  'freelancer_education',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    degree: text('degree').notNull(),
    college: text('college').notNull(),
    yearOfPassed: integer('year_of_passed').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('freelancer_education_user_idx').on(t.userId)],
);

export const freelancerWorkExperience = pgTable(
  'freelancer_work_experience',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    company: text('company').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Null while currently working there. */
    endDate: date('end_date', { mode: 'string' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('freelancer_work_user_idx').on(t.userId)],
);

export const freelancerCertifications = pgTable(
  'freelancer_certifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    certificationName: text('certification_name').notNull(),
    issuingOrganization: text('issuing_organization').notNull(),
    dateIssued: date('date_issued', { mode: 'string' }).notNull(),
    certificationUrl: text('certification_url'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('freelancer_cert_user_name_key').on(t.userId, sql`lower(${t.certificationName})`)],
);

export const freelancerPortfolio = pgTable(
  'freelancer_portfolio',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioTitle: text('portfolio_title').notNull(),
    portfolioDesc: text('portfolio_desc').notNull(),
    portfolioSkills: text('portfolio_skills').array().notNull(),
    portfolioUrl: text('portfolio_url'),
    contentType: text('content_type').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('freelancer_portfolio_user_idx').on(t.userId)],
);

/**
 * Uploaded files, kept in the database by default so any number of instances share them; the
 * storage interface can point at an S3-compatible bucket instead. Names never come from the user.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** The bytes when the database is the blob store (infra/storage.ts); empty when a bucket holds them. */
    data: bytea('data').notNull(),
    createdAt: ts('created_at').notNull(),
    /** Set when a save's transaction attached the metadata; NULL: bytes written, not (yet) saved. */
    attachedAt: ts('attached_at').defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId), index('files_pending_idx').on(t.createdAt).where(sql`attached_at IS NULL`)],
);

/** Who may see a freelancer's profile, and its stable public link `/talent/{slug}` (issue 10). */
export const freelancerPrivacy = pgTable(
  'freelancer_privacy',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    /** public | companies | hidden */
    visibility: text('visibility').notNull().default('companies'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('freelancer_privacy_slug_key').on(t.slug),
    check('freelancer_privacy_visibility_check', sql`${t.visibility} IN ('public', 'companies', 'hidden')`),
  ],
);

/**
 * A version per profile section (about, skills, education, experience, certification, portfolio,
 * preferences): every save bumps it, and a save made from an older version is refused.
 */
export const freelancerSectionVersions = pgTable(
  'freelancer_section_versions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    version: integer('version').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'freelancer_section_versions_pk', columns: [t.userId, t.section] })],
);

/**
 * A company (issue 11): one per client account for now (owner_user_id); its own id so shortlists,
 * members and verification records can point at the company, not at a user. Basics and contact
 * each carry a version (a save from an older one is refused). `verified_email`: the address the
 * company proved it reads (a code mailed there); the contact email counts as verified when equal.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    industry: text('industry'),
    companySize: text('company_size'),
    country: text('country'),
    about: text('about').notNull().default(''),
    websiteUrl: text('website_url'),
    logoUrl: text('logo_url'),
    contactEmail: text('contact_email'),
    verifiedEmail: text('verified_email'),
    contactCountry: text('contact_country'),
    address: text('address'),
    /** 'code space number' (spec profile-company §3) */
    phone: text('phone'),
    basicsVersion: integer('basics_version').notNull().default(0),
    contactVersion: integer('contact_version').notNull().default(0),
    welcomeSeenAt: ts('welcome_seen_at'),
    /** unverified | pending | verified */
    verificationStatus: text('verification_status').notNull().default('unverified'),
    /**
     * The registration number the company was verified with, as its key (`US:041234567`; the
     * server's registrationKey). 0014: one verified company per key (partial unique index).
     */
    registrationKey: text('registration_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_owner_user_id_key').on(t.ownerUserId),
    uniqueIndex('companies_verified_registration_key')
      .on(t.registrationKey)
      .where(sql`${t.verificationStatus} = 'verified' AND ${t.registrationKey} IS NOT NULL`),
    check('companies_verification_status_check', sql`${t.verificationStatus} IN ('unverified', 'pending', 'verified')`),
  ],
);

/** A company's social links, in the order shown. */
export const companySocials = pgTable(
  'company_socials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    platform: text('platform').notNull(),
    url: text('url').notNull(),
  },
  (t) => [index('company_socials_company_idx').on(t.companyId, t.position)],
);

/**
 * Each verification decision about a company (0010): who, when, by which method, the outcome and
 * the checks made (evidence). The company's current state stays in companies.verification_status.
 */
export const companyVerificationEvents = pgTable(
  'company_verification_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** instant | documents | support */
    method: text('method').notNull(),
    /** verified | pending | rejected */
    outcome: text('outcome').notNull(),
    checks: jsonb('checks').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('company_verification_events_company_idx').on(t.companyId, t.createdAt),
    check('company_verification_events_method_check', sql`${t.method} IN ('instant', 'documents', 'support')`),
    check('company_verification_events_outcome_check', sql`${t.outcome} IN ('verified', 'pending', 'rejected', 'revoked')`),
  ],
);

/**
 * Documents a company submitted for manual verification (0011), and the operator's decision. At
 * most one pending per company (partial unique index); a decision is one conditional UPDATE from
 * 'pending', so of two operators deciding at once exactly one wins.
 */
export const companyVerificationSubmissions = pgTable(
  'company_verification_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    registrationNumber: text('registration_number').notNull(),
    /** a DOCUMENT_TYPES code (contract) */
    documentType: text('document_type').notNull(),
    country: text('country').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    /** The operator's reason, shown to the company, when rejected. */
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_verification_submissions_one_pending_key').on(t.companyId).where(sql`${t.status} = 'pending'`),
    index('company_verification_submissions_company_idx').on(t.companyId, t.createdAt),
    index('company_verification_submissions_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('company_verification_submissions_status_check', sql`${t.status} IN ('pending', 'approved', 'rejected')`),
  ],
);

// ---- reference data for search (loaded at start from src/reference-data) ----

// `popularity`: how common the entry is (shipped figure, docs/reference-data.md); `search_key`:
// ' ' + the lower-cased name with every run of non-letters/digits as one space, so a whole-word
// prefix is `search_key LIKE '% text%'` (0007).
const referenceTable = (name: string, extra: Record<string, ReturnType<typeof text>> = {}) =>
  pgTable(
    name,
    {
      name: text('name').primaryKey(),
      popularity: integer('popularity').notNull().default(0),
      searchKey: text('search_key').notNull().default(''),
      ...extra,
    },
    (t) => [index(`${name}_name_trgm_idx`).using('gist', sql`lower(${t.name}) gist_trgm_ops`)],
  );

export const refSkills = referenceTable('ref_skills');
export const refOccupations = referenceTable('ref_occupations');
export const refUniversities = referenceTable('ref_universities', { country: text('country') });
export const refJobTitles = referenceTable('ref_job_titles');
export const refCompanies = referenceTable('ref_companies');

/** The content hash each shipped list was last loaded with; a different hash reloads the list (0007). */
export const refListVersions = pgTable('ref_list_versions', {
  list: text('list').primaryKey(),
  hash: text('hash').notNull(),
  loadedAt: ts('loaded_at').notNull().defaultNow(),
});

/**
 * A company's settings (0013): which mails it receives (`mail_preferences`, kind -> on/off; a kind
 * not stored has its contract default) with a version for stale saves. One row per company, made
 * on its first save.
 */
export const companySettings = pgTable('company_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  mailPreferences: jsonb('mail_preferences').$type<Record<string, boolean>>().notNull().default({}),
  notificationsVersion: integer('notifications_version').notNull().default(0),
  /** The company's IANA time zone (0017, issue 22): interview times are picked and mailed in it; first guessed from the browser. */
  timeZone: text('time_zone'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Support calls (0012). `support_slots` has one row per call start ever booked: the lock a booking
 * takes (SELECT ... FOR UPDATE) before it counts the seats taken in `support_bookings`, so of two
 * companies booking the last seat at once exactly one wins; a deleted company's bookings go with it
 * and free their seats by themselves.
 */
export const supportSlots = pgTable('support_slots', {
  slotStart: ts('slot_start').primaryKey(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const supportBookings = pgTable(
  'support_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    bookedBy: uuid('booked_by').references(() => users.id, { onDelete: 'set null' }),
    slotStart: ts('slot_start')
      .notNull()
      .references(() => supportSlots.slotStart),
    slotEnd: ts('slot_end').notNull(),
    /** The support zone the call was offered in (its date and time read in it). */
    timeZone: text('time_zone').notNull(),
    /** a SUPPORT_REASONS entry (contract) */
    reason: text('reason').notNull(),
    notes: text('notes').notNull().default(''),
    email: text('email').notNull(),
    /** booked | cancelled */
    status: text('status').notNull().default('booked'),
    /** The invitation's SEQUENCE: 0 when booked, 1 when cancelled. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    cancelledAt: ts('cancelled_at'),
    /** 0016 (issue 21): who cancelled (company | operator) and the operator's message to the company. */
    cancelledBy: text('cancelled_by'),
    cancelMessage: text('cancel_message'),
    /** 0016: after the call, an operator marks it held or missed. */
    outcome: text('outcome'),
  },
  (t) => [
    index('support_bookings_company_idx').on(t.companyId, t.slotStart),
    index('support_bookings_booked_slot_idx').on(t.slotStart).where(sql`${t.status} = 'booked'`),
    check('support_bookings_status_check', sql`${t.status} IN ('booked', 'cancelled')`),
    check('support_bookings_slot_check', sql`${t.slotEnd} > ${t.slotStart}`),
    check('support_bookings_outcome_check', sql`${t.outcome} IS NULL OR ${t.outcome} IN ('held', 'missed')`),
  ],
);

/**
 * The freelancer's status timeline (0015, issue 20): every vetting transition and shortlist move,
 * newest first by `created_at`. Company name and role are kept as they were, so the entry reads
 * the same after a rename or a deleted company. `candidate_id` pairs a shortlist's moves (hiring
 * time) without a foreign key: a removed candidate's history stays.
 */
export const talentEvents = pgTable(
  'talent_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    freelancerId: uuid('freelancer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** a TIMELINE_KINDS entry, or 'removed' (a silent end, never shown) */
    kind: text('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    companyName: text('company_name'),
    role: text('role'),
    candidateId: uuid('candidate_id'),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('talent_events_freelancer_idx').on(t.freelancerId, t.createdAt),
    index('talent_events_candidate_idx').on(t.candidateId).where(sql`${t.candidateId} IS NOT NULL`),
  ],
);

/** A company's named list of candidates for one role (0015, issue 20). */
export const shortlists = pgTable(
  'shortlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    version: integer('version').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shortlists_company_name_key').on(t.companyId, sql`lower(${t.name})`)],
);

/** One freelancer on one shortlist: stage, the reason the freelancer sees, the company's private note. */
export const shortlistCandidates = pgTable(
  'shortlist_candidates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shortlistId: uuid('shortlist_id')
      .notNull()
      .references(() => shortlists.id, { onDelete: 'cascade' }),
    freelancerId: uuid('freelancer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** shortlisted | interview | selected | not_selected */
    stage: text('stage').notNull().default('shortlisted'),
    reason: text('reason'),
    note: text('note').notNull().default(''),
    version: integer('version').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shortlist_candidates_list_freelancer_key').on(t.shortlistId, t.freelancerId),
    index('shortlist_candidates_freelancer_idx').on(t.freelancerId),
    check('shortlist_candidates_stage_check', sql`${t.stage} IN ('shortlisted', 'interview', 'selected', 'not_selected')`),
  ],
);

/**
 * A selected candidate's hire (0017, issue 22): the company marks it finished, which opens its one
 * review. Kept apart from the candidate row so a later shortlist edit cannot rewrite it.
 */
export const hires = pgTable(
  'hires',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The shortlist candidate that was selected; no foreign key: the hire outlives a removed list. */
    candidateId: uuid('candidate_id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    freelancerId: uuid('freelancer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The company's name and the role as they were when the hire was made. */
    companyName: text('company_name').notNull(),
    role: text('role').notNull().default(''),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('hires_candidate_key').on(t.candidateId),
    index('hires_company_idx').on(t.companyId, t.startedAt),
    index('hires_freelancer_idx').on(t.freelancerId),
  ],
);

// ---- engagements (issue 34) ----

/**
 * The work after a hire (0023): terms offered by the company, accepted by the freelancer. One live
 * engagement (offered or active) per hire (partial unique index). The columns beside `status` copy
 * the terms in force (`terms_version`; 0 while the offer waits, when they copy the offer) so the
 * sweeps and reads need no JSON; every version itself is in `engagement_terms`. `fee_bps` is the
 * platform fee rate stored when the engagement starts (accepted), never changed after.
 */
export const engagements = pgTable(
  'engagements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hireId: uuid('hire_id')
      .notNull()
      .references(() => hires.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    freelancerId: uuid('freelancer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** offered | declined | active | ended */
    status: text('status').notNull(),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    termsVersion: integer('terms_version').notNull().default(0),
    pendingTermsVersion: integer('pending_terms_version'),
    rateMinor: integer('rate_minor'),
    weeklyCapHours: integer('weekly_cap_hours'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** The last day of work: the day it ended, in its zone. */
    endDate: date('end_date', { mode: 'string' }),
    timeZone: text('time_zone').notNull(),
    feeBps: integer('fee_bps'),
    startedAt: ts('started_at'),
    endedAt: ts('ended_at'),
    /** The notice period in force (0026, issue 35): copied from the accepted terms, never below the terms' 30 days. */
    noticeDays: integer('notice_days').notNull().default(30),
    /** Who gave notice (company | freelancer) and when; the notice's end date is `end_date`. */
    noticeGivenBy: text('notice_given_by'),
    noticeGivenAt: ts('notice_given_at'),
    /** An earlier end one side proposed (company | freelancer), waiting for the other's answer. */
    earlyEndDate: date('early_end_date', { mode: 'string' }),
    earlyEndBy: text('early_end_by'),
    earlyEndAt: ts('early_end_at'),
    version: integer('version').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('engagements_ending_idx').on(t.endDate).where(sql`${t.status} = 'active' AND ${t.endDate} IS NOT NULL`),
    check('engagements_notice_days_check', sql`${t.noticeDays} >= 30`),
    check('engagements_notice_by_check', sql`${t.noticeGivenBy} IN ('company', 'freelancer')`),
    check('engagements_early_end_by_check', sql`${t.earlyEndBy} IN ('company', 'freelancer')`),
    uniqueIndex('engagements_live_hire_key').on(t.hireId).where(sql`${t.status} IN ('offered', 'active')`),
    index('engagements_company_idx').on(t.companyId, t.createdAt),
    index('engagements_freelancer_idx').on(t.freelancerId, t.createdAt),
    index('engagements_active_idx').on(t.status),
    check('engagements_status_check', sql`${t.status} IN ('offered', 'declined', 'active', 'ended')`),
    check('engagements_kind_check', sql`${t.kind} IN ('hourly', 'fixed')`),
  ],
);

/**
 * Every version of an engagement's terms (0023), append-only in spirit: a version's terms never
 * change; only its answer (status, decided_at, decline_reason) is written once, and an accepted
 * version becomes 'superseded' when a newer one is accepted.
 */
export const engagementTerms = pgTable(
  'engagement_terms',
  {
    engagementId: uuid('engagement_id')
      .notNull()
      .references(() => engagements.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** proposed | accepted | declined | superseded */
    status: text('status').notNull(),
    terms: jsonb('terms').$type<StoredTerms>().notNull(),
    feeBps: integer('fee_bps').notNull(),
    proposedAt: ts('proposed_at').notNull(),
    decidedAt: ts('decided_at'),
    declineReason: text('decline_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.engagementId, t.version] }),
    check('engagement_terms_status_check', sql`${t.status} IN ('proposed', 'accepted', 'declined', 'superseded')`),
  ],
);

export type StoredTerms = {
  roleTitle: string;
  scope: string;
  kind: 'hourly' | 'fixed';
  currency: 'INR' | 'USD' | 'EUR' | 'GBP';
  rateMinor: number | null;
  weeklyCapHours: number | null;
  milestones: { id: string | null; title: string; amountMinor: number; dueDate: string }[];
  startDate: string;
  noticeDays: number;
  timeZone: string;
};

/**
 * One week of an hourly engagement (0023), named by its Monday in the engagement's zone. `lines`
 * are the days with hours; `rate_minor` is the rate in force when the week was submitted.
 * `auto_approve_at` is set on submission (3 business days in the company's zone) and cleared when
 * answered; the sweep claims due rows with a conditional UPDATE.
 */
export const timesheets = pgTable(
  'timesheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    engagementId: uuid('engagement_id')
      .notNull()
      .references(() => engagements.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    /** draft | submitted | queried | approved */
    status: text('status').notNull().default('draft'),
    version: integer('version').notNull().default(1),
    lines: jsonb('lines').$type<{ day: string; quarterHours: number; description: string }[]>().notNull().default([]),
    rateMinor: integer('rate_minor'),
    queriedDays: jsonb('queried_days').$type<string[]>().notNull().default([]),
    queryReason: text('query_reason'),
    submittedAt: ts('submitted_at'),
    autoApproveAt: ts('auto_approve_at'),
    approvedAt: ts('approved_at'),
    /** company | automatic */
    approvedBy: text('approved_by'),
    invoiceId: uuid('invoice_id'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('timesheets_week_key').on(t.engagementId, t.weekStart),
    index('timesheets_due_idx').on(t.autoApproveAt).where(sql`${t.status} = 'submitted'`),
    check('timesheets_status_check', sql`${t.status} IN ('draft', 'submitted', 'queried', 'approved')`),
  ],
);

/** The missing-timesheet reminder of an engagement's week (0023): one row per week it was sent, so it goes once. */
export const timesheetReminders = pgTable(
  'timesheet_reminders',
  {
    engagementId: uuid('engagement_id')
      .notNull()
      .references(() => engagements.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.engagementId, t.weekStart] })],
);

/** A milestone of a fixed-price engagement (0023), made when the terms naming it are accepted. */
export const milestones = pgTable(
  'milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    engagementId: uuid('engagement_id')
      .notNull()
      .references(() => engagements.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** pending | funded | submitted | changes_requested | approved */
    status: text('status').notNull().default('pending'),
    version: integer('version').notNull().default(1),
    fundedAt: ts('funded_at'),
    fundingInvoiceId: uuid('funding_invoice_id'),
    note: text('note'),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    submittedAt: ts('submitted_at'),
    changesReason: text('changes_reason'),
    autoApproveAt: ts('auto_approve_at'),
    approvedAt: ts('approved_at'),
    approvedBy: text('approved_by'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('milestones_engagement_idx').on(t.engagementId, t.position),
    index('milestones_due_idx').on(t.autoApproveAt).where(sql`${t.status} = 'submitted'`),
    check('milestones_status_check', sql`${t.status} IN ('pending', 'funded', 'submitted', 'changes_requested', 'approved')`),
    check('milestones_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * An interview a company proposes to a freelancer (0017, issue 22): up to three times
 * (`interview_slots`), one accepted. Times are stored in UTC; `company_time_zone` is the zone the
 * company picked them in (shown beside them). `sequence` is the invitation's iCalendar SEQUENCE,
 * bumped on every change the calendar must follow; its UID is derived from `id` (stable).
 */
export const interviews = pgTable(
  'interviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    freelancerId: uuid('freelancer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The shortlist candidate it was proposed for, if any (no foreign key: the interview outlives a removed list). */
    candidateId: uuid('candidate_id'),
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    /** proposed | new_times_requested | declined | accepted | cancelled | held | no_show */
    status: text('status').notNull().default('proposed'),
    durationMinutes: integer('duration_minutes').notNull(),
    /** link | phone */
    locationKind: text('location_kind').notNull(),
    location: text('location').notNull(),
    note: text('note').notNull().default(''),
    companyTimeZone: text('company_time_zone').notNull(),
    /** The accepted time (null until accepted). */
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    /** The freelancer's reason when declining or asking for other times; a party's reason when cancelling. */
    reason: text('reason'),
    /** company | freelancer: who cancelled or last rescheduled. */
    changedBy: text('changed_by'),
    sequence: integer('sequence').notNull().default(0),
    version: integer('version').notNull().default(0),
    /** Reminder mails, each sent once (a conditional write claims it, whatever the number of instances). */
    reminder24hAt: ts('reminder_24h_at'),
    reminder1hAt: ts('reminder_1h_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('interviews_company_idx').on(t.companyId, t.createdAt),
    index('interviews_freelancer_idx').on(t.freelancerId, t.startsAt),
    index('interviews_reminders_idx').on(t.startsAt).where(sql`${t.status} = 'accepted'`),
    check(
      'interviews_status_check',
      sql`${t.status} IN ('proposed', 'new_times_requested', 'declined', 'accepted', 'cancelled', 'held', 'no_show')`,
    ),
    check('interviews_location_kind_check', sql`${t.locationKind} IN ('link', 'phone')`),
    check('interviews_duration_check', sql`${t.durationMinutes} BETWEEN 15 AND 240`),
    check('interviews_time_check', sql`${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
  ],
);

/** The times a company proposed for an interview (0017), at most three, in UTC. */
export const interviewSlots = pgTable(
  'interview_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
  },
  (t) => [
    uniqueIndex('interview_slots_interview_position_key').on(t.interviewId, t.position),
    check('interview_slots_time_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A company's review of a finished hire (0017, issue 22): one per hire, 1 to 5 stars on named
 * criteria (contract) and a text, editable for a while; the freelancer replies once. An operator
 * may hide it (reason in the audit log); hidden reviews count nowhere.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hireId: uuid('hire_id')
      .notNull()
      .references(() => hires.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    freelancerId: uuid('freelancer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** company: about the freelancer; freelancer: about the company (issue 32). One per hire and author. */
    author: text('author').notNull().default('company'),
    /** { criterion: 1..5 } for every REVIEW_CRITERIA (company's) or COMPANY_REVIEW_CRITERIA (freelancer's) entry (contract). */
    ratings: jsonb('ratings').$type<Record<string, number>>().notNull(),
    /** The mean of the ratings, kept for averages. */
    overall: real('overall').notNull(),
    text: text('text').notNull(),
    reply: text('reply'),
    repliedAt: ts('replied_at'),
    hiddenAt: ts('hidden_at'),
    hiddenReason: text('hidden_reason'),
    /** When the "you were reviewed" mail for its publication was queued (claimed once). */
    revealMailedAt: ts('reveal_mailed_at'),
    version: integer('version').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_hire_author_key').on(t.hireId, t.author),
    check('reviews_author_check', sql`${t.author} IN ('company', 'freelancer')`),
    index('reviews_reveal_mail_idx').on(t.createdAt).where(sql`${t.revealMailedAt} IS NULL`),
    index('reviews_freelancer_idx').on(t.freelancerId, t.createdAt).where(sql`${t.hiddenAt} IS NULL`),
    check('reviews_overall_check', sql`${t.overall} BETWEEN 1 AND 5`),
  ],
);

/** Which companies opened a freelancer's profile, one row per company and day (0015). */
export const profileViews = pgTable(
  'profile_views',
  {
    freelancerId: uuid('freelancer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'profile_views_pk', columns: [t.freelancerId, t.day, t.companyId] })],
);

/** A freelancer's mail choices (0015), like company_settings: kinds not stored have their default. */
export const freelancerSettings = pgTable('freelancer_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mailPreferences: jsonb('mail_preferences').$type<Record<string, boolean>>().notNull().default({}),
  notificationsVersion: integer('notifications_version').notNull().default(0),
  /** The freelancer's IANA time zone (0017, issue 22): interview times are shown in it; first guessed from the browser. */
  timeZone: text('time_zone'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The talent search's read model (0015): one row per freelancer companies may find (vetted, open
 * to work, visibility not hidden), rebuilt from the profile by `refreshTalentSearch` in the same
 * transaction as every write that changes any of it. `document` is the lower-cased text searched
 * (name, occupation, skills, bio), served by a trigram GIN index; filters have their own indexes.
 */
export const talentSearch = pgTable(
  'talent_search',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    photoUrl: text('photo_url'),
    occupation: text('occupation'),
    /**
     * The distinct words of the document (name, occupation, skills and bio, lower case, split at
     * anything but letters, digits, '#' and '+'): what the text search matches, exactly, through a
     * GIN index (decision "Talent search"). The document itself is not kept: a narrow row is
     * fewer pages to read per match (decision "Talent search speed").
     */
    words: text('words').array().notNull(),
    /** The distinct words of the headline (name, occupation, skills): a text word found here ranks higher (not indexed). */
    headWords: text('head_words').array().notNull(),
    /** Lower-cased skill names (the 'all of these skills' filter). */
    skills: text('skills').array().notNull(),
    /** The first five skills as written, in the freelancer's order (the card). */
    topSkills: text('top_skills').array().notNull(),
    countryCode: text('country_code'),
    /**
     * The level companies see, as the days its years are reached (contract rules/level.ts
     * levelDays: [intermediate, senior, expert], null where never): the level on any day without a
     * refresh. Null: not computed yet (a row from before 0019; the server fills it at start).
     */
    levelDays: date('level_days', { mode: 'string' }).array(),
    minRate: numeric('min_rate', { precision: 10, scale: 2, mode: 'number' }),
    maxRate: numeric('max_rate', { precision: 10, scale: 2, mode: 'number' }),
    maxHours: integer('max_hours'),
    languages: text('languages').array().notNull(),
    demo: boolean('demo').notNull().default(false),
    vettedAt: ts('vetted_at').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A short pending list (64 kB, the least allowed): an embedded database has no autovacuum to
    // merge it, and every search reads all of it (decision "Talent search speed").
    index('talent_search_words_idx').using('gin', t.words).with({ gin_pending_list_limit: 64 }),
    index('talent_search_skills_idx').using('gin', t.skills).with({ gin_pending_list_limit: 64 }),
    index('talent_search_languages_idx').using('gin', t.languages).with({ gin_pending_list_limit: 64 }),
    index('talent_search_country_idx').on(t.countryCode),
    index('talent_search_rate_idx').on(t.minRate, t.userId),
    index('talent_search_max_rate_idx').on(t.maxRate, t.userId),
    index('talent_search_vetted_idx').on(t.vettedAt, t.userId),
  ],
);

/**
 * Every word the talent search's rows have held (0015): a typed word is corrected to the words
 * here that are like it (pg_trgm similarity, or a prefix), then those are matched exactly in
 * talent_search.words. Insert-only (refreshTalentSearch adds the words of the rows it builds); a word
 * no row holds any more matches nothing.
 */
export const talentSearchWords = pgTable(
  'talent_search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('talent_search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`).with({ gin_pending_list_limit: 64 })],
);

/**
 * The talent_search rows written or removed, in the order they became visible (0018): a trigger on
 * talent_search appends the user id of every row it writes or removes, its writers taking turns
 * until they commit (an advisory lock), so an instance's in-memory pool (pool-index.ts) reads the
 * changes after the last seq it took in and misses none. Trimmed to the last hour by the instances.
 */
export const talentSearchChanges = pgTable('talent_search_changes', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  at: ts('at').notNull().defaultNow(),
});

// ---- the operator console (issue 21) ----

/**
 * Every operator action (0016): who, what, which record, before and after, the reason. Written in
 * the same transaction as the action. Append-only: no endpoint edits or deletes a row, and a
 * trigger in the migration refuses UPDATE and DELETE, so not even a bug can rewrite the trail. The
 * operator's and the record's labels are kept as they were (no foreign keys): the entry reads the
 * same after an account is deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: uuid('operator_id'),
    operatorEmail: text('operator_email').notNull(),
    /** an AUDIT_ACTIONS entry (contract) */
    action: text('action').notNull(),
    /** user | company | submission | partner_request | support_booking | review */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** What a reader recognises the record by (an email, a company name), as it was. */
    targetLabel: text('target_label').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_operator_idx').on(t.operatorId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

/**
 * The ledger (issue 34, 0022, decision 200): one row per journal entry, what it records and what it
 * refers to. Append-only at the database (triggers refuse UPDATE, DELETE and TRUNCATE), and an entry
 * has at least two lines summing to zero per currency (a deferred constraint trigger at commit).
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** a JOURNAL_KINDS entry (contract rules/ledger-accounts) */
    kind: text('kind').notNull(),
    memo: text('memo').notNull().default(''),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
    /** The document the entry records (an invoice or credit note), if any. */
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    /** The milestone released (milestone_release), no FK: the engagement tables are another feature's. */
    milestoneId: uuid('milestone_id'),
    engagementId: uuid('engagement_id'),
  },
  (t) => [
    uniqueIndex('journal_entries_invoice_key').on(t.invoiceId).where(sql`${t.invoiceId} IS NOT NULL`),
    uniqueIndex('journal_entries_milestone_release_key').on(t.milestoneId).where(sql`${t.kind} = 'milestone_release'`),
    index('journal_entries_occurred_idx').on(t.occurredAt),
    check(
      'journal_entries_kind_check',
      sql`${t.kind} IN ('invoice_work', 'invoice_milestone_funding', 'milestone_release', 'credit_note', 'receipt', 'receipt_allocation', 'release', 'payout_sent', 'payout_paid', 'payout_returned', 'dispute_refund')`,
    ),
  ],
);

/** A journal entry's lines: signed minor units (debit positive, credit negative) of one currency on one account, with the parties. */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    /** a LEDGER_ACCOUNTS entry (contract) */
    account: text('account').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    companyId: uuid('company_id'),
    freelancerId: uuid('freelancer_id'),
    engagementId: uuid('engagement_id'),
  },
  (t) => [
    index('journal_lines_entry_idx').on(t.entryId),
    // Balances read from the index alone (amount_minor last: an index-only scan).
    index('journal_lines_company_idx').on(t.companyId, t.account, t.currency, t.amountMinor),
    index('journal_lines_freelancer_idx').on(t.freelancerId, t.account, t.currency, t.amountMinor),
    index('journal_lines_engagement_idx').on(t.engagementId, t.account, t.currency, t.amountMinor),
    index('journal_lines_account_idx').on(t.account, t.currency, t.amountMinor),
    check('journal_lines_amount_check', sql`${t.amountMinor} <> 0`),
    check(
      'journal_lines_account_check',
      sql`${t.account} IN ('company_receivable', 'engagement_funds_held', 'freelancer_payable', 'platform_fee_revenue', 'cash_at_bank', 'payouts_in_transit', 'freelancer_earned_held', 'receipts_unallocated')`,
    ),
    check('journal_lines_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * Invoices and credit notes (issue 34, 0022, decision 201), issued on the freelancer's behalf to the
 * company. Never changed once issued (triggers refuse UPDATE, DELETE and TRUNCATE); a correction is
 * a credit note referring to the invoice. One document per source and kind (the unique key is the
 * guard against parallel approvals).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** invoice | credit_note */
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    /** The issuer: the freelancer's user id. No FK here or to the parties: an issued document outlives accounts (kept for the tax record). */
    issuerId: uuid('issuer_id').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    engagementId: uuid('engagement_id').notNull(),
    companyId: uuid('company_id').notNull(),
    freelancerId: uuid('freelancer_id').notNull(),
    currency: text('currency').notNull(),
    /** work_approved | milestone_funding (a credit note: its invoice's) */
    purpose: text('purpose').notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    poNumber: text('po_number'),
    paymentReference: text('payment_reference').notNull(),
    issuerDetails: jsonb('issuer_details').notNull(),
    recipientDetails: jsonb('recipient_details').notNull(),
    /** [{ description, quarterHours?, unitMinor?, amountMinor }] */
    lines: jsonb('lines').notNull(),
    /** timesheet | milestone */
    sourceKind: text('source_kind').notNull(),
    sourceId: uuid('source_id').notNull(),
    creditsInvoiceId: uuid('credits_invoice_id'),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_source_key').on(t.sourceKind, t.sourceId, t.kind),
    uniqueIndex('invoices_number_key').on(t.issuerId, t.kind, t.year, t.seq),
    uniqueIndex('invoices_payment_reference_key').on(t.paymentReference),
    uniqueIndex('invoices_credits_key').on(t.creditsInvoiceId).where(sql`${t.creditsInvoiceId} IS NOT NULL`),
    index('invoices_company_idx').on(t.companyId, t.issueDate),
    index('invoices_freelancer_idx').on(t.freelancerId, t.issueDate),
    index('invoices_engagement_idx').on(t.engagementId),
    check('invoices_kind_check', sql`${t.kind} IN ('invoice', 'credit_note')`),
    check('invoices_source_kind_check', sql`${t.sourceKind} IN ('timesheet', 'milestone')`),
    check('invoices_purpose_check', sql`${t.purpose} IN ('work_approved', 'milestone_funding')`),
    check('invoices_seq_check', sql`${t.seq} >= 1`),
    check('invoices_amounts_check', sql`${t.feeMinor} + ${t.netMinor} = ${t.subtotalMinor} AND ${t.subtotalMinor} > 0`),
    check('invoices_credit_note_check', sql`(${t.kind} = 'credit_note') = (${t.creditsInvoiceId} IS NOT NULL)`),
  ],
);

/**
 * A document's PDF as first rendered (issue 34, decision 203): stored once, then served as these
 * same bytes every time; append-only like the document. `view`: 'invoice' (the company's invoice or
 * credit note) or 'statement' (the freelancer's statement of the same document).
 */
export const invoicePdfs = pgTable(
  'invoice_pdfs',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    view: text('view').notNull(),
    pdf: bytea('pdf').notNull(),
    /** hex sha256 of the bytes, checked when served */
    sha256: text('sha256').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.view] }), check('invoice_pdfs_view_check', sql`${t.view} IN ('invoice', 'statement')`)],
);

/** The last number used per issuer, document kind and year: locked FOR UPDATE by the issuing transaction (gapless). */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.issuerId, t.kind, t.year] })],
);

/**
 * A company's billing details (issue 34, 0022, decision 202): what its invoices are addressed to.
 * The billing email is mailed only once proven (verified_billing_email equals it).
 */
export const companyBilling = pgTable('company_billing', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull(),
  addressLine1: text('address_line1').notNull(),
  addressLine2: text('address_line2').notNull().default(''),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  /** ISO 3166-1 alpha-2, from the country list */
  country: text('country').notNull(),
  taxNumber: text('tax_number'),
  billingEmail: text('billing_email').notNull(),
  verifiedBillingEmail: text('verified_billing_email'),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A freelancer's billing details (issue 34, 0022): the issuer of their invoices. */
export const freelancerBilling = pgTable('freelancer_billing', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull(),
  addressLine1: text('address_line1').notNull(),
  addressLine2: text('address_line2').notNull().default(''),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  country: text('country').notNull(),
  taxNumber: text('tax_number'),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Bank statements imported (issue 35, 0024, decision 211): one row per statement of the configured
 * account, identified by the bank's own statement id (camt.053 Stmt/Id; a CSV's: the sha256 of its
 * text; a hand-recorded receipt has none). The unique key makes a second import of the same
 * statement change nothing.
 */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** camt053 | csv */
    format: text('format').notNull(),
    account: text('account').notNull(),
    statementRef: text('statement_ref').notNull(),
    currency: text('currency'),
    /** The statement's closing booked balance (camt.053 CLBD), when it gives one. */
    closingMinor: bigint('closing_minor', { mode: 'number' }),
    closingOn: date('closing_on', { mode: 'string' }),
    importedBy: uuid('imported_by'),
    importedAt: ts('imported_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_statements_ref_key').on(t.account, t.statementRef),
    check('bank_statements_format_check', sql`${t.format} IN ('camt053', 'csv')`),
  ],
);

/**
 * Money received at the bank (issue 35, 0024, decision 211): one row per credit line, with its
 * stable identity (`line_key`: the bank's reference of the line, or a digest of its content) unique,
 * so twenty parallel imports of one statement insert each line once. `invoice_id` and
 * `allocated_minor` are what the line paid (set when matched, or once by the operator's assign, a
 * conditional write); `entry_id` is its journal entry.
 */
export const bankReceipts = pgTable(
  'bank_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineKey: text('line_key').notNull(),
    statementId: uuid('statement_id').references(() => bankStatements.id),
    /** camt053 | csv | manual */
    source: text('source').notNull(),
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    remittance: text('remittance').notNull().default(''),
    payerName: text('payer_name').notNull().default(''),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    allocatedMinor: bigint('allocated_minor', { mode: 'number' }).notNull().default(0),
    entryId: uuid('entry_id').references(() => journalEntries.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_receipts_line_key').on(t.lineKey),
    index('bank_receipts_invoice_idx').on(t.invoiceId),
    index('bank_receipts_booked_idx').on(t.bookedOn),
    check('bank_receipts_amount_check', sql`${t.amountMinor} > 0 AND ${t.allocatedMinor} >= 0 AND ${t.allocatedMinor} <= ${t.amountMinor}`),
    check('bank_receipts_source_check', sql`${t.source} IN ('camt053', 'csv', 'manual')`),
  ],
);

/**
 * An invoice's net released to the freelancer's payable (issue 35, 0024, decision 212): the
 * primary key is the guard that releases it once, however many release jobs run.
 */
export const invoiceReleases = pgTable('invoice_releases', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id),
  entryId: uuid('entry_id')
    .notNull()
    .references(() => journalEntries.id),
  releasedAt: ts('released_at').notNull().defaultNow(),
});

/**
 * Holds on an invoice's release (issue 35, 0024, decision 212): while one is open (closed_at null)
 * the release job leaves the invoice alone and the operator's 'Releases due' queue shows it
 * suspended with its reason. Disputes open and close them.
 */
export const releaseHolds = pgTable(
  'release_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    reason: text('reason').notNull(),
    openedAt: ts('opened_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
  },
  (t) => [index('release_holds_open_idx').on(t.invoiceId).where(sql`${t.closedAt} IS NULL`)],
);

/**
 * Where a freelancer's payouts go (issue 35, 0025, decision 215): an IBAN with BIC, or an Indian
 * account number with IFSC. Changed only through the mailed code (payout_detail_requests holds the
 * change until then). Never logged; masked everywhere but the payout file.
 */
export const payoutDetails = pgTable(
  'payout_details',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** iban | india */
    method: text('method').notNull(),
    accountHolder: text('account_holder').notNull(),
    iban: text('iban'),
    bic: text('bic'),
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'payout_details_method_check',
      sql`(${t.method} = 'iban' AND ${t.iban} IS NOT NULL AND ${t.bic} IS NOT NULL AND ${t.accountNumber} IS NULL AND ${t.ifsc} IS NULL) OR (${t.method} = 'india' AND ${t.accountNumber} IS NOT NULL AND ${t.ifsc} IS NOT NULL AND ${t.iban} IS NULL AND ${t.bic} IS NULL)`,
    ),
  ],
);

/** A change of payout details waiting for its mailed code (one per account; a new request replaces it). */
export const payoutDetailRequests = pgTable('payout_detail_requests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The checked fields (contract PayoutDetailsFields' output) */
  details: jsonb('details').notNull(),
  requestedAt: ts('requested_at').notNull(),
});

/**
 * A payout batch (issue 35, 0025, decision 216): draft (lines may be removed), sent (fixed: each
 * line moved to payouts in transit), closed (every line paid or returned).
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').notNull().default('draft'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    check('payout_batches_status_check', sql`${t.status} IN ('draft', 'sent', 'closed')`),
    index('payout_batches_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * One payout: a freelancer's payable in one currency when the batch was made, with the account it
 * goes to as it was then. At most one pending line per freelancer and currency (the unique index
 * below): no payable amount is ever in two open batches.
 */
export const payoutLines = pgTable(
  'payout_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => payoutBatches.id),
    freelancerId: uuid('freelancer_id').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** pending (in a draft batch) | sent | paid | returned | removed */
    status: text('status').notNull().default('pending'),
    method: text('method').notNull(),
    accountHolder: text('account_holder').notNull(),
    iban: text('iban'),
    bic: text('bic'),
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
    paidOn: date('paid_on', { mode: 'string' }),
    returnedReason: text('returned_reason'),
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('payout_lines_pending_key').on(t.freelancerId, t.currency).where(sql`${t.status} = 'pending'`),
    index('payout_lines_batch_idx').on(t.batchId),
    index('payout_lines_freelancer_idx').on(t.freelancerId, t.createdAt),
    check('payout_lines_status_check', sql`${t.status} IN ('pending', 'sent', 'paid', 'returned', 'removed')`),
    check('payout_lines_amount_check', sql`${t.amountMinor} > 0`),
    check('payout_lines_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

// ---- messages (issue 36, 0027) ----

/**
 * One conversation per shortlist candidate (0027), opened by the company. `candidate_id` has no
 * foreign key (the conversation outlives a removed list; it then closes). Read state per side is
 * the `seq` of the newest message that side has read; `*_mailed_at` is set when that side was
 * mailed about missed messages and cleared when it reads (one mail per quiet period).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    candidateId: uuid('candidate_id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    freelancerId: uuid('freelancer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyReadSeq: bigint('company_read_seq', { mode: 'number' }).notNull().default(0),
    freelancerReadSeq: bigint('freelancer_read_seq', { mode: 'number' }).notNull().default(0),
    companyMailedAt: ts('company_mailed_at'),
    freelancerMailedAt: ts('freelancer_mailed_at'),
    lastMessageAt: ts('last_message_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('conversations_candidate_key').on(t.candidateId),
    index('conversations_company_idx').on(t.companyId, t.lastMessageAt),
    index('conversations_freelancer_idx').on(t.freelancerId, t.lastMessageAt),
  ],
);

/**
 * The lines of a conversation (0027): text, file or system. `seq` orders them (and pages them:
 * keyset on (conversation_id, seq)); a deleted or hidden message keeps its row and place.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** company | freelancer; NULL for a system line. */
    side: text('side'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** text | file | system */
    kind: text('kind').notNull(),
    text: text('text').notNull().default(''),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    systemEvent: text('system_event'),
    /** Contact details sent before an engagement (rules/contact-details.ts): the note shows, operators count it. */
    contactDetails: boolean('contact_details').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    editedAt: ts('edited_at'),
    deletedAt: ts('deleted_at'),
    hiddenAt: ts('hidden_at'),
  },
  (t) => [
    uniqueIndex('messages_conversation_seq_key').on(t.conversationId, t.seq),
    index('messages_contact_idx').on(t.createdAt).where(sql`contact_details`),
    check('messages_kind_check', sql`${t.kind} IN ('text', 'file', 'system')`),
    check('messages_side_check', sql`${t.side} IS NULL OR ${t.side} IN ('company', 'freelancer')`),
  ],
);

/** A side's report of a message (0027): one per message and reporting side. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    side: text('side').notNull(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('message_reports_message_side_key').on(t.messageId, t.side),
    index('message_reports_conversation_idx').on(t.conversationId),
  ],
);

/**
 * Every change a stream carries (0027): a new message, a change to one, a read, a conversation
 * opened or closed. `id` is the stream's event id; writers take one advisory lock per transaction
 * before inserting (queries.ts), so ids become visible in order and a stream resuming after id N
 * misses none and repeats none.
 */
export const messageEvents = pgTable(
  'message_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** message | message_changed | read | conversation */
    kind: text('kind').notNull(),
    messageId: uuid('message_id'),
    /** For a read: the side that read, and up to which seq. */
    side: text('side'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('message_events_conversation_idx').on(t.conversationId, t.id)],
);

/**
 * Disputes of an invoice (issue 35, 0028, decisions 246-249): one per invoice, opened by either
 * side within 30 days of its issue date; while it is not decided its release_holds row keeps the
 * invoice's money held. `version` grows with each step (a decision names the one it read).
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** invoice | timesheet | milestone (contract rules/disputes) */
    subject: text('subject').notNull(),
    /** open | answered | decided */
    status: text('status').notNull().default('open'),
    /** company | freelancer */
    raisedBy: text('raised_by').notNull(),
    raisedByUserId: uuid('raised_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    openedAt: ts('opened_at').notNull(),
    answer: text('answer'),
    answeredByUserId: uuid('answered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: ts('answered_at'),
    /** release | refund | split */
    outcome: text('outcome'),
    refundMinor: bigint('refund_minor', { mode: 'number' }),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    creditNoteId: uuid('credit_note_id').references(() => invoices.id),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('disputes_invoice_key').on(t.invoiceId),
    index('disputes_undecided_idx').on(t.openedAt).where(sql`${t.status} <> 'decided'`),
    check('disputes_subject_check', sql`${t.subject} IN ('invoice', 'timesheet', 'milestone')`),
    check('disputes_status_check', sql`${t.status} IN ('open', 'answered', 'decided')`),
    check('disputes_raised_by_check', sql`${t.raisedBy} IN ('company', 'freelancer')`),
    check('disputes_outcome_check', sql`${t.outcome} IS NULL OR ${t.outcome} IN ('release', 'refund', 'split')`),
    check('disputes_decided_check', sql`(${t.status} = 'decided') = (${t.outcome} IS NOT NULL)`),
  ],
);

/** A dispute's evidence (issue 35, 0028, decision 248): files each side uploaded to it, at most 5 a side. */
export const disputeFiles = pgTable(
  'dispute_files',
  {
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** company | freelancer */
    side: text('side').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.disputeId, t.fileId] }), check('dispute_files_side_check', sql`${t.side} IN ('company', 'freelancer')`)],
);
