import { BRAND, LEGAL } from '@talentloop/contract';
import { LEGAL_UPDATED, type LegalDocument } from './legal-document.ts';

// Terms of service. The figures come from the contract (LEGAL), so the page and the product agree.
// spec: auth-onboarding §1 (legal pages), §9 (commission, escrow, dispute, termination, minimum age)

const { minimumAge, commissionPercent, escrowReleaseDays, paymentDisputeDays, terminationNoticeDays, governingLaw } = LEGAL;

export const TERMS: LegalDocument = {
  title: 'Terms and Conditions',
  summary: `These terms are the agreement between you and ${BRAND.name} for using the marketplace, as talent or as a client. Please read them in full; the short version is in bold at the start of each section.`,
  updated: LEGAL_UPDATED,
  sections: [
    {
      id: 'about',
      title: 'About these terms',
      body: (
        <>
          <p>
            <strong>By creating an account or using {BRAND.name}, you accept these terms.</strong> {BRAND.name} ("we", "us") runs an online
            marketplace where vetted remote professionals ("talent") are matched with companies ("clients") that need their skills. These
            terms apply to every visitor, talent and client, together with our Privacy Policy.
          </p>
          <p>If you use {BRAND.name} on behalf of a company, you confirm that you may bind that company to these terms.</p>
        </>
      ),
    },
    {
      id: 'eligibility',
      title: 'Who may use the service',
      body: (
        <>
          <p>
            <strong>You must be at least {minimumAge} years old.</strong> You must be at least {minimumAge} years of age and able to enter
            into a binding contract to register, whether as talent or on behalf of a client. We close accounts that we learn belong to
            anyone younger.
          </p>
          <p>You may not use the service if we have previously closed your account for a breach of these terms.</p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'Your account',
      body: (
        <>
          <p>
            <strong>Keep your details true and your sign-in safe.</strong> Give accurate information when you register and keep it up to
            date. Verify your email address with the code we send you. Each person may hold one talent account.
          </p>
          <ul>
            <li>Keep your password to yourself and tell us at once if you think someone else has used your account.</li>
            <li>You are responsible for what happens under your account until you tell us it has been misused.</li>
            <li>Profiles must describe your own skills, education and experience, honestly.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'marketplace',
      title: 'How the marketplace works',
      body: (
        <>
          <p>
            <strong>We vet talent and check clients; clients find talent themselves, and there is no bidding.</strong> Talent completes a
            profile and joins a talent pool. Clients pass identity and billing checks before they can hire. People at {BRAND.name} review
            each profile before clients can find it; clients search the vetted pool and shortlist talent for their roles. We tell you by
            email when you are shortlisted, and your dashboard shows every step.
          </p>
          <p>
            The rate for each engagement is shown up front, before the work starts. Talent does not bid against other talent, and the agreed
            rate does not change without both sides agreeing in writing.
          </p>
          <p>
            The contract for the work is between the talent and the client. {BRAND.name} is not a party to it, except as the agent that
            holds and releases payments as described below.
          </p>
        </>
      ),
    },
    {
      id: 'fees',
      title: 'Fees and commission',
      body: (
        <>
          <p>
            <strong>We charge the talent a commission of {commissionPercent}% of the contract value.</strong> The commission is deducted
            from each payment before it is released to the talent. Signing up, building a profile and being matched are free.
          </p>
          <p>
            Clients pay the fees set out in their own agreement with us. Each party is responsible for its own taxes on the amounts it
            receives.
          </p>
        </>
      ),
    },
    {
      id: 'payments',
      title: 'Payments and escrow',
      body: (
        <>
          <p>
            <strong>Client money is held in escrow and released to the talent within {escrowReleaseDays} days of receipt.</strong> Clients
            fund each engagement or milestone in advance. We hold the funds in escrow and release them to the talent, less the commission,
            within {escrowReleaseDays} days of receiving them, once the work for that payment is accepted.
          </p>
          <p>
            Payments are made to the payout method in your account. Paying or being paid outside {BRAND.name} for work found here is not
            allowed.
          </p>
        </>
      ),
    },
    {
      id: 'payment-issues',
      title: 'Payment issues and disputes',
      body: (
        <>
          <p>
            <strong>Report any payment issue within {paymentDisputeDays} days.</strong> If a payment is missing, late or wrong, tell us
            within {paymentDisputeDays} days of the date the payment was made or was due. After that, the payment is treated as correct.
          </p>
          <p>
            We look at the records of both sides and aim to resolve disputes fairly and quickly. While a dispute is open we may keep the
            funds concerned in escrow.
          </p>
        </>
      ),
    },
    {
      id: 'conduct',
      title: 'Conduct',
      body: (
        <>
          <p>
            <strong>Be honest, professional and lawful.</strong> You agree not to:
          </p>
          <ul>
            <li>give false information, impersonate anyone, or create accounts for someone else;</li>
            <li>harass, discriminate against or abuse anyone you meet through the service;</li>
            <li>take payments for work found here outside {BRAND.name};</li>
            <li>upload malware, scrape the service, or try to get around its security or limits.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Work product and intellectual property',
      body: (
        <>
          <p>
            <strong>The client owns the work once it has paid for it.</strong> Unless the talent and client agree otherwise in writing, the
            rights in work made for a client pass to the client when the client has paid for that work in full.
          </p>
          <p>The {BRAND.name} name, logo, software and content belong to us. You may not copy them except as the service allows.</p>
        </>
      ),
    },
    {
      id: 'confidentiality',
      title: 'Confidentiality',
      body: (
        <p>
          Keep confidential what you learn about the other side's business through an engagement, and use it only for that work. This duty
          continues after the engagement ends.
        </p>
      ),
    },
    {
      id: 'termination',
      title: 'Termination',
      body: (
        <>
          <p>
            <strong>Either side may end an engagement for convenience with {terminationNoticeDays} days' written notice.</strong> The talent
            or the client may end an engagement at any time, without giving a reason, by giving the other side and {BRAND.name}{' '}
            {terminationNoticeDays} days' written notice. Work done up to the end of the notice period is paid as agreed.
          </p>
          <p>
            Either side may end an engagement at once if the other seriously breaches these terms. We may suspend or close an account that
            breaches these terms. You may close your own account at any time; funds already due are settled first.
          </p>
        </>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      body: (
        <p>
          We work hard to vet talent and check clients, but we do not guarantee that you will be matched, that an engagement will be
          offered, or the results of any work. The service is provided as it is, to the extent the law allows.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      body: (
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability to you for any claim
          is limited to the fees we received from you in the twelve months before the claim. Nothing in these terms limits liability that
          cannot be limited by law.
        </p>
      ),
    },
    {
      id: 'indemnity',
      title: 'Indemnity',
      body: <p>You will compensate us for losses caused by your breach of these terms or of the law, including reasonable legal costs.</p>,
    },
    {
      id: 'governing-law',
      title: 'Governing law',
      body: (
        <p>
          <strong>These terms are governed by the laws of {governingLaw}.</strong> Any dispute about them or the service belongs to the
          courts of {governingLaw}, though we will always try to settle a disagreement with you informally first.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <p>
          We may update these terms as the service changes. We will tell you by email and on this page before a material change takes
          effect. If you keep using the service after that, the new terms apply.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about these terms: write to <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>.
        </p>
      ),
    },
  ],
};
