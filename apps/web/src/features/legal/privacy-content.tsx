import { BRAND, LEGAL } from '@talentloop/contract';
import { LEGAL_UPDATED, type LegalDocument } from './legal-document.ts';

// Privacy policy, written for what the product really does (first-party page counts, one sign-in
// cookie, no third-party scripts). spec: auth-onboarding §1 (legal pages); DESIGN.md

export const PRIVACY: LegalDocument = {
  title: 'Privacy Policy',
  summary: `How ${BRAND.name} collects, uses and protects your personal data, and the choices you have. We collect what we need to run the marketplace and nothing for advertising.`,
  updated: LEGAL_UPDATED,
  sections: [
    {
      id: 'scope',
      title: 'Who we are and what this covers',
      body: (
        <p>
          {BRAND.name} ("we", "us") runs a marketplace where client companies find and hire vetted remote talent. This policy covers the
          personal data we process when you visit our website, create an account, build a profile, or ask to hire through us. We decide why
          and how this data is used, and we are responsible for it.
        </p>
      ),
    },
    {
      id: 'data-we-collect',
      title: 'Data we collect',
      body: (
        <>
          <p>
            <strong>From you:</strong>
          </p>
          <ul>
            <li>Account data: your name, email address and password (which we store only as a salted, one-way hash).</li>
            <li>
              Profile data: photo, short bio, country, phone number, occupation, hourly rate, skills, languages, education, work history,
              certifications, portfolio and work preferences.
            </li>
            <li>Partner requests: a company's name and email when it asks to hire talent.</li>
            <li>Messages you send us, for example to support.</li>
          </ul>
          <p>
            <strong>Automatically:</strong> the address your requests come from, kept briefly in server logs and counters to protect the
            service from abuse, and the sign-in data described under Cookies.
          </p>
        </>
      ),
    },
    {
      id: 'page-views',
      title: 'Page views without tracking',
      body: (
        <p>
          To learn which pages are useful, your browser tells our own server the path of each page you open and of the page before it (for
          example "/privacy-policy"), never the full address, query or anything about you. We keep only a count per page per day. We use no
          third-party analytics, advertising or tracking scripts.
        </p>
      ),
    },
    {
      id: 'how-we-use-data',
      title: 'How we use your data',
      body: (
        <ul>
          <li>To create and secure your account, including verifying your email with a one-time code.</li>
          <li>To show your profile to verified clients who search the talent pool, once people at {BRAND.name} have vetted it.</li>
          <li>To verify clients' identity and billing, and to hold and release payments.</li>
          <li>
            To email you about your account, where you stand with clients (shortlisted, interview, selected) and changes to our terms.
          </li>
          <li>To prevent fraud and abuse, and to meet our legal obligations.</li>
        </ul>
      ),
    },
    {
      id: 'legal-basis',
      title: 'Why we may use it',
      body: (
        <p>
          We process your data with your consent, given when you sign up and build your profile, and for the legitimate uses the law allows,
          such as keeping the service secure and meeting legal duties. You can withdraw consent at any time; doing so does not affect what
          was done before, but clients may then no longer be able to find you.
        </p>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      body: (
        <>
          <p>
            <strong>We do not sell your personal data.</strong> We share it only:
          </p>
          <ul>
            <li>with clients, when you are shortlisted for their role (your profile, not your password or payment details);</li>
            <li>with service providers who host our systems and deliver our email, under contracts that protect it;</li>
            <li>when the law requires it, or to protect the rights and safety of our users.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and local storage',
      body: (
        <p>
          We set one essential cookie that keeps you signed in. It cannot be read by scripts and is sent only to our sign-in service. Your
          browser also keeps your basic account details and whether the sidebar is open, so the app starts quickly. We set no advertising or
          tracking cookies, so there is nothing to opt out of.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <p>
          We keep account and profile data while your account is open and delete it when you delete your account, except records we must
          keep by law, such as payment records. Security logs and rate-limit counters are kept for days, not months. Page-view counts
          contain no personal data.
        </p>
      ),
    },
    {
      id: 'security',
      title: 'How we protect it',
      body: (
        <p>
          Passwords are hashed with a modern, slow algorithm; traffic is encrypted in transit; one-time codes expire quickly and are stored
          only in hashed form; uploaded images are checked and re-encoded. Access to personal data inside {BRAND.name} is limited to the
          people who need it.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      body: (
        <>
          <p>You may ask us to:</p>
          <ul>
            <li>tell you what personal data we hold about you, and give you a copy;</li>
            <li>correct or complete it;</li>
            <li>delete it, or delete your account, which you can also do yourself in your settings;</li>
            <li>stop using it where you withdrew consent.</li>
          </ul>
          <p>
            Write to <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>. We answer within a reasonable time and may ask you
            to confirm who you are first. You may also complain to the data protection authority.
          </p>
        </>
      ),
    },
    {
      id: 'age',
      title: 'Age limit',
      body: (
        <p>
          <strong>
            {BRAND.name} is only for people aged {LEGAL.minimumAge} or over.
          </strong>{' '}
          We do not knowingly collect data from anyone younger than {LEGAL.minimumAge}. If you believe a younger person has given us data,
          tell us and we will delete it.
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing law',
      body: (
        <p>
          This policy is governed by the laws of {LEGAL.governingLaw}, including its data protection law, wherever you use the service from.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <p>
          When we change this policy we update the date at the top. If a change matters for how we use your data, we tell you by email
          before it takes effect.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions or requests about your data: <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>.
        </p>
      ),
    },
  ],
};
