import { z } from 'zod';
import { BRAND } from './brand.ts';

// The TL_CORE error catalogue. spec: auth-onboarding §8, profile-company §8.
// Codes the spec gives as bare numbers are TL_CORE_xxxxx_E. Codes marked "ours" are additions
// for situations the spec does not name (recorded in docs/decisions.md).

type Entry = { status: number; title: string; message: string };

export const ERRORS = {
  // generic (ours)
  TL_CORE_00400_E: { status: 400, title: 'Invalid request', message: 'The request is not valid.' },
  TL_CORE_00401_E: { status: 401, title: 'Session expired', message: 'Please log in again.' },
  TL_CORE_00403_E: { status: 403, title: 'Not allowed', message: 'You are not allowed to do this.' },
  TL_CORE_00404_E: { status: 404, title: 'Not found', message: 'Not found' },
  TL_CORE_00408_E: { status: 408, title: 'Request timed out', message: 'The request took too long to arrive. Please try again.' },
  TL_CORE_00413_E: { status: 413, title: 'Too large', message: 'The request is too large.' },
  TL_CORE_00415_E: { status: 415, title: 'Unsupported content', message: 'Unsupported content type.' },
  TL_CORE_00429_E: { status: 429, title: 'Too many requests', message: 'Too many attempts. Please try again later.' },
  TL_CORE_00431_E: { status: 431, title: 'Headers too large', message: 'The request headers are too large.' },
  TL_CORE_00500_E: { status: 500, title: 'Unexpected Error occured', message: 'Something went wrong. Please try again.' },
  // ours: the database cannot be reached, or this instance is shutting down (docs/decisions.md)
  TL_CORE_00503_E: {
    status: 503,
    title: 'Service unavailable',
    message: 'The service is briefly unavailable. Please try again in a moment.',
  },

  // sign-up
  TL_CORE_01001_E: { status: 400, title: 'Email is required', message: 'Email id is required.' },
  TL_CORE_01002_E: { status: 400, title: 'First name is required', message: 'First name is required.' },
  TL_CORE_01003_E: { status: 400, title: 'Last name is required', message: 'Last name is required.' },
  TL_CORE_01004_E: { status: 400, title: 'Password is required', message: 'Password is required.' },
  TL_CORE_01005_E: { status: 400, title: 'Company name required', message: 'Company name is required for clients.' },
  TL_CORE_01006_E: { status: 400, title: 'Invalid user type', message: 'Client login is not available' },
  TL_CORE_01007_E: { status: 400, title: 'Invalid email id', message: "Email id format doesn't match" },
  TL_CORE_01008_E: { status: 400, title: 'Invalid user type', message: 'Invalid user type.' },
  TL_CORE_01009_E: { status: 409, title: 'Email already exists', message: 'Email id already exists, please log in.' },

  // one-time code
  TL_CORE_01010_E: { status: 400, title: 'Email is required', message: 'Email id is empty.' },
  TL_CORE_01011_E: { status: 400, title: 'Purpose is required', message: 'Purpose is empty.' },
  TL_CORE_01012_E: { status: 400, title: 'Code is required', message: 'Verification code is empty.' },
  TL_CORE_01013_E: { status: 400, title: 'Invalid code', message: 'Verification code must be exactly 5 characters.' },
  TL_CORE_01014_E: { status: 404, title: 'Profile missing', message: 'No profile found for this email.' },
  TL_CORE_01015_E: { status: 400, title: 'Incorrect code', message: 'Incorrect verification code.' },
  TL_CORE_01016_E: { status: 400, title: 'Code expired', message: 'The code has expired, please request a new one.' },
  TL_CORE_01017_E: { status: 409, title: 'Already verified', message: 'Email is already verified, please log in.' },
  TL_CORE_01018_E: { status: 409, title: 'Already verified', message: 'Email is already verified.' },
  TL_CORE_01019_E: { status: 400, title: 'No valid code', message: 'No valid code found, please request a new one.' },
  TL_CORE_01020_E: { status: 400, title: 'Invalid request', message: 'Register request is empty.' },
  TL_CORE_01021_E: { status: 502, title: 'Email not sent', message: 'Failed to send verification code email.' },
  TL_CORE_01022_E: { status: 400, title: 'Email ID Not Found', message: 'Try logging with google account' },
  TL_CORE_01023_E: { status: 429, title: 'Please wait', message: 'Please wait 30 seconds before requesting a new code.' }, // ours
  TL_CORE_01024_E: { status: 404, title: 'User not found', message: "User doesn't exist." },
  TL_CORE_01043_E: {
    status: 403,
    title: 'Different browser',
    message: 'This code belongs to a sign-up started in another browser. Please sign up again here.',
  }, // ours: a registration code works only where the sign-up was made
  TL_CORE_01025_E: { status: 400, title: 'Incorrect code', message: 'Incorrect verification code.' },
  TL_CORE_01026_E: { status: 400, title: 'Email is required', message: 'Email id is required.' },
  TL_CORE_01027_E: { status: 400, title: 'Email is required', message: 'Email id is required.' },
  TL_CORE_01028_E: { status: 404, title: 'Email not found', message: 'Email id does not exist.' },
  TL_CORE_01029_E: { status: 400, title: 'Invalid request', message: 'Request is empty.' },
  TL_CORE_01030_E: { status: 400, title: 'Invalid request', message: 'Request is empty.' },

  // password reset
  TL_CORE_01031_E: { status: 400, title: 'Password is required', message: 'New password is empty.' },
  TL_CORE_01032_E: {
    status: 400,
    title: 'Weak password',
    message: 'Password must be at least 8 characters long and contain uppercase, lowercase, numbers, and special characters.',
  },
  TL_CORE_01033_E: { status: 403, title: 'Reset timed out', message: 'Password reset timed out, please retry.' },
  TL_CORE_01034_E: { status: 500, title: 'Reset failed', message: 'Failed to reset password. Please try again.' },

  // Google
  TL_CORE_01035_E: { status: 401, title: 'Unexpected Error occured', message: 'Google sign-in failed. Please try again.' },
  TL_CORE_01036_E: { status: 401, title: 'Unexpected Error occured', message: 'Google sign-in failed. Please try again.' },
  TL_CORE_01039_E: { status: 404, title: 'Google Account Not Linked', message: 'Please sign up with Google account' },
  TL_CORE_01042_E: { status: 409, title: 'Google account already connected', message: 'Google account already connected' },
  TL_CORE_01102_E: { status: 401, title: 'Unable to authenticate user', message: 'Please sign with different account' },
  TL_CORE_01103_E: { status: 401, title: 'Unexpected Error occured', message: 'Invalid Google credentials.' },
  TL_CORE_01104_E: { status: 503, title: 'Unexpected Error occured', message: 'Google sign-in is not available.' },

  // login
  TL_CORE_01038_E: { status: 403, title: 'User not verified', message: 'Please register with your email again' },
  TL_CORE_01040_E: { status: 401, title: 'Incorrect password', message: "Password doesn't match" },
  TL_CORE_01041_E: { status: 423, title: 'Account Locked', message: 'Too many attempts. Try later.' },
  TL_CORE_01090_E: { status: 404, title: 'Email ID Not Found', message: 'Email id not found, please signup' },

  // onboarding and profile. spec: auth-onboarding §8 Wizard, profile-company §8
  TL_CORE_10085_E: { status: 409, title: 'Phone number already used', message: 'Please use different phone number' },
  TL_CORE_10014_E: { status: 400, title: 'Invalid hourly rate', message: "Hourly rate can't be less than or equal to zero" },
  TL_CORE_10015_E: { status: 400, title: 'Invalid hourly rate', message: "Hourly rate can't be less than or equal to zero" },
  TL_CORE_508_E: { status: 400, title: 'Invalid Skill provided', message: 'Skills contains inappropriate content' },
  TL_CORE_507_E: { status: 400, title: 'Invalid occupation provided', message: 'Occupation contains inappropriate content' },
  TL_CORE_10009_E: { status: 400, title: 'Invalid mobile number format', message: 'Please Enter Valid mobile number.' },
  TL_CORE_505_E: { status: 400, title: 'Invalid university provided', message: 'University contains inappropriate word' },
  TL_CORE_506_E: { status: 400, title: 'Invalid company provided', message: 'Company contains inappropriate word' },
  TL_CORE_509_E: { status: 400, title: 'Invalid Job title provided', message: 'Job title contains inappropriate word' },
  TL_CORE_10093_E: { status: 415, title: 'Unsupported portfolio file', message: 'Only PNG, JPG, PDF and Docs files are supported' },
  TL_CORE_10094_E: { status: 413, title: 'File exceeds size limit', message: 'Portfolio file size exceeds 2 MB.' },
  TL_CORE_10071_E: { status: 409, title: 'Certificate already exist', message: 'Please check certificate name, try again' },
  TL_CORE_10064_E: { status: 404, title: 'No photo', message: 'There is no profile photo to delete.' },
  TL_CORE_10100_E: { status: 409, title: 'Step not available yet', message: 'Please complete the previous step first.' }, // ours
  TL_CORE_10101_E: { status: 400, title: 'Profile Photo Required', message: 'Please upload a profile photo before continuing.' }, // ours
  TL_CORE_10102_E: { status: 415, title: 'Invalid File Type', message: 'Please choose an image file (JPG, PNG, WebP or GIF).' }, // ours
  TL_CORE_10103_E: { status: 413, title: 'File Size Too Large', message: 'Profile picture must be less than 2MB' }, // ours
  TL_CORE_10104_E: { status: 400, title: 'Invalid profile data', message: 'profileData must be valid JSON.' }, // ours
  TL_CORE_10105_E: { status: 413, title: 'Image Too Large', message: 'Please choose an image of at most 25 megapixels.' }, // ours
  TL_CORE_10106_E: { status: 429, title: 'Too many uploads', message: 'Too many uploads. Please try again later.' }, // ours
  TL_CORE_10110_E: {
    status: 409,
    title: 'Changed elsewhere',
    message: 'This section was changed elsewhere. Reload it to see the latest version.',
  }, // ours

  // portfolio, privacy, account deletion (ours; docs/decisions.md)
  TL_CORE_10120_E: { status: 400, title: 'Too many portfolio items', message: 'You can add at most 2 portfolio items.' }, // ours
  TL_CORE_10122_E: { status: 400, title: 'Portfolio content missing', message: 'Please add either a URL or a file' }, // ours: a kept id that is not the caller's item with a file
  TL_CORE_10123_E: { status: 400, title: 'File missing', message: 'A portfolio item names a file that was not attached.' }, // ours
  TL_CORE_10130_E: { status: 403, title: 'Incorrect password', message: "Password doesn't match" }, // ours
  TL_CORE_10131_E: { status: 400, title: 'Confirmation required', message: 'Enter your password to delete your account.' }, // ours
  TL_CORE_10132_E: { status: 400, title: 'Confirmation required', message: 'Enter the code we sent to your email.' }, // ours
  // password change and sign-out everywhere (ours; docs/decisions.md)
  TL_CORE_10140_E: {
    status: 409,
    title: 'No password',
    message: 'Your account signs in with Google and has no password. You can still sign out on every device.',
  }, // ours
  TL_CORE_10141_E: { status: 400, title: 'Same password', message: 'Choose a new password that differs from your current one.' }, // ours

  // company profile (ours; docs/decisions.md)
  TL_CORE_11001_E: { status: 400, title: 'Logo Required', message: 'Choose a logo image to upload.' }, // ours
  TL_CORE_11002_E: { status: 404, title: 'No logo', message: 'There is no company logo to delete.' }, // ours
  // company verification (ours; docs/decisions.md)
  TL_CORE_11010_E: {
    status: 422,
    title: 'Verification failed',
    message: 'We could not verify your company instantly. You can submit documents instead.',
  }, // ours
  TL_CORE_11011_E: { status: 409, title: 'Email not verified', message: 'Verify your company email in Contact Information first.' }, // ours
  TL_CORE_11012_E: { status: 409, title: 'Website missing', message: 'Add your company website in Profile Basics first.' }, // ours
  TL_CORE_11013_E: { status: 409, title: 'Already verified', message: 'Your company is already verified.' }, // ours
  // manual (document) verification and its review (ours; docs/decisions.md)
  TL_CORE_11020_E: { status: 415, title: 'Unsupported document', message: 'Only PDF, DOC, DOCX, JPG and PNG files are accepted' }, // ours
  TL_CORE_11021_E: { status: 413, title: 'File Size Too Large', message: 'File size should not exceed 10MB' }, // ours
  TL_CORE_11022_E: {
    status: 409,
    title: 'Review in progress',
    message: 'Your documents are being reviewed. You can submit again if they are rejected.',
  }, // ours
  TL_CORE_11023_E: { status: 409, title: 'Already decided', message: 'This submission has already been reviewed.' }, // ours
  TL_CORE_11024_E: { status: 404, title: 'Not found', message: 'No such verification submission.' }, // ours
  // one registration number, one verified company; a name that must resemble the website (ours; issue 18)
  TL_CORE_11025_E: {
    status: 409,
    title: 'Registration number in use',
    message:
      'This registration number already belongs to a verified company. If it is yours, book a support call or send us your documents from Account Verification.',
  }, // ours
  TL_CORE_11026_E: {
    status: 422,
    title: 'Document review needed',
    message: 'Your company name does not resemble your website’s domain, so we cannot verify it instantly. Verify with documents instead.',
  }, // ours
  TL_CORE_11027_E: {
    status: 409,
    title: 'Registration number in use',
    message: 'Another verified company holds this registration number. Resolve that company’s verification before approving this one.',
  }, // ours
  // support booking (ours; docs/decisions.md "Support booking")
  TL_CORE_11030_E: { status: 409, title: 'Slot fully booked', message: 'This time is fully booked. Please choose another time.' }, // ours
  TL_CORE_11031_E: {
    status: 422,
    title: 'Time not available',
    message: 'This time is not an available support slot. Please choose one of the times shown.',
  }, // ours
  TL_CORE_11032_E: {
    status: 409,
    title: 'Call already booked',
    message: 'You already have an upcoming support call. Cancel it to book another time.',
  }, // ours
  TL_CORE_11033_E: { status: 404, title: 'Booking not found', message: 'There is no upcoming support call to cancel.' }, // ours

  // mail to proven addresses only, capped per account and per recipient (ours; issue 18, mail-caps.ts)
  TL_CORE_12000_E: {
    status: 422,
    title: 'Email not verified',
    message: 'Use your account email or your verified company email. Verify another address in Contact Information first.',
  }, // ours
  TL_CORE_12001_E: {
    status: 429,
    title: 'Email limit reached',
    message: 'This account has reached its hourly email limit. Please try again later.',
  }, // ours
  TL_CORE_12002_E: {
    status: 429,
    title: 'Email limit reached',
    message: 'This email address has reached its hourly email limit. Please try again later.',
  }, // ours

  // the talent pool: vetting, shortlists (ours; issue 20)
  TL_CORE_13000_E: {
    status: 409,
    title: 'Already decided',
    message: 'This profile is no longer in review: another operator decided first. Reload the queue.',
  }, // ours
  TL_CORE_13001_E: {
    status: 409,
    title: 'Nothing to review',
    message: 'Your profile is not waiting for changes, so there is nothing to send.',
  }, // ours
  TL_CORE_13002_E: {
    status: 409,
    title: 'No changes yet',
    message: 'Save a change to your profile first, then send it for review.',
  }, // ours
  TL_CORE_13003_E: {
    status: 409,
    title: 'Too soon',
    message: 'You can ask for another review once the waiting time is over.',
  }, // ours
  TL_CORE_13004_E: { status: 404, title: 'Not found', message: 'No such freelancer is in the review queue.' }, // ours
  TL_CORE_13010_E: {
    status: 403,
    title: 'Verify your company',
    message: 'Verify your company to shortlist talent. Go to Profile Setup, Account Verification.',
  }, // ours
  TL_CORE_13011_E: { status: 409, title: 'Name in use', message: 'You already have a shortlist with this name.' }, // ours
  TL_CORE_13012_E: {
    status: 409,
    title: 'Too many shortlists',
    message: 'You can keep at most 50 shortlists. Delete one you no longer need.',
  }, // ours
  TL_CORE_13013_E: { status: 404, title: 'Not found', message: 'No such shortlist.' }, // ours
  TL_CORE_13014_E: { status: 404, title: 'Not found', message: 'This freelancer is not in the talent pool.' }, // ours
  TL_CORE_13015_E: { status: 409, title: 'Already shortlisted', message: 'This freelancer is already on this shortlist.' }, // ours
  TL_CORE_13016_E: { status: 409, title: 'Shortlist full', message: 'A shortlist can hold at most 200 candidates.' }, // ours
  TL_CORE_13017_E: { status: 404, title: 'Not found', message: 'No such candidate on this shortlist.' }, // ours

  // interviews (issue 22): TL_CORE_15000_E .. TL_CORE_15039_E
  TL_CORE_15000_E: { status: 404, title: 'Not found', message: 'No such interview.' }, // ours
  TL_CORE_15001_E: { status: 400, title: 'Time not available', message: 'One of the proposed times cannot be offered.' }, // ours
  TL_CORE_15002_E: {
    status: 409,
    title: 'Interview changed',
    message: 'This interview can no longer be changed this way. Reload it to see where it stands.',
  }, // ours
  TL_CORE_15003_E: { status: 404, title: 'Not found', message: 'No such proposed time for this interview.' }, // ours
  TL_CORE_15004_E: {
    status: 409,
    title: 'Time has passed',
    message: 'This time is too close or already past. Ask the company for other times.',
  }, // ours
  TL_CORE_15005_E: {
    status: 409,
    title: 'Overlapping interview',
    message: 'You already accepted another interview at this time. Choose another time or ask for other times.',
  }, // ours
  TL_CORE_15006_E: {
    status: 409,
    title: 'Not over yet',
    message: 'This interview has not ended yet. Mark it held or no-show after its end time.',
  }, // ours
  TL_CORE_15007_E: {
    status: 409,
    title: 'Interview already open',
    message: 'You already have an open interview with this freelancer. Reschedule or cancel it instead.',
  }, // ours
  TL_CORE_15008_E: { status: 404, title: 'No company yet', message: 'Set up your company profile first.' }, // ours
  TL_CORE_15009_E: {
    status: 409,
    title: 'Candidacy decided',
    message: 'This candidate is already Selected or Not selected on your list. Move them back to Shortlisted to interview them again.',
  }, // ours

  // operator console: partner requests, support calls (issue 21)
  TL_CORE_14120_E: { status: 404, title: 'Not found', message: 'No such partner request.' }, // ours
  TL_CORE_14121_E: {
    status: 409,
    title: 'Changed by someone else',
    message: 'Another operator changed this partner request. Reload it to see their change, then try again.',
  }, // ours
  TL_CORE_14122_E: { status: 404, title: 'Not found', message: 'No such support call.' }, // ours
  TL_CORE_14123_E: { status: 409, title: 'Already cancelled', message: 'This support call is already cancelled.' }, // ours
  TL_CORE_14124_E: {
    status: 409,
    title: 'Call already started',
    message: 'This support call has already started, so it can no longer be cancelled. Mark it held or missed once it ends.',
  }, // ours
  TL_CORE_14125_E: {
    status: 409,
    title: 'Call not over yet',
    message: 'This support call has not ended yet. Mark it held or missed after it ends.',
  }, // ours
  TL_CORE_14126_E: {
    status: 409,
    title: 'Call cancelled',
    message: 'This support call was cancelled, so it cannot be marked held or missed.',
  }, // ours

  // operator console: accounts (issue 21)
  TL_CORE_14100_E: {
    status: 403,
    title: 'Account suspended',
    message: `This account is suspended. Write to ${BRAND.supportEmail} if you think this is a mistake.`,
  }, // ours: every sign-in path (password, Google, refresh) of a suspended account
  TL_CORE_14101_E: { status: 404, title: 'Not found', message: 'No such account.' }, // ours
  TL_CORE_14102_E: { status: 409, title: 'Already suspended', message: 'This account is already suspended.' }, // ours
  TL_CORE_14103_E: { status: 409, title: 'Not suspended', message: 'This account is not suspended.' }, // ours
  TL_CORE_14104_E: { status: 409, title: 'Not your own account', message: 'You cannot suspend your own account.' }, // ours
  TL_CORE_14105_E: {
    status: 409,
    title: 'Last operator',
    message: 'This is the last active operator. Make someone else an operator first.',
  }, // ours: the console must always have someone to run it
  TL_CORE_14106_E: {
    status: 409,
    title: 'Already verified',
    message: 'This email address is already verified, so there is no code to send.',
  }, // ours
  TL_CORE_14107_E: {
    status: 409,
    title: 'No sign-up waiting',
    message: 'No sign-up is waiting for a code at this address. Ask them to sign up again.',
  }, // ours
  TL_CORE_14108_E: { status: 404, title: 'Not found', message: 'No such sign-up is waiting for its code.' }, // ours
  TL_CORE_14109_E: { status: 409, title: 'Already an operator', message: 'This account is already an operator.' }, // ours
  TL_CORE_14110_E: { status: 409, title: 'Not an operator', message: 'This account is not an operator.' }, // ours

  // reviews and hires (issue 22)
  TL_CORE_15040_E: { status: 404, title: 'Not found', message: 'No such hire.' }, // ours
  TL_CORE_15041_E: { status: 409, title: 'Already finished', message: 'This hire is already marked finished.' }, // ours
  TL_CORE_15042_E: {
    status: 409,
    title: 'Hire not finished',
    message: 'You can review a hire once you have marked it finished.',
  }, // ours
  TL_CORE_15043_E: { status: 409, title: 'Already reviewed', message: 'You already reviewed this hire. You can edit your review instead.' }, // ours
  TL_CORE_15044_E: { status: 404, title: 'Not found', message: 'No such review.' }, // ours
  TL_CORE_15045_E: {
    status: 409,
    title: 'Editing closed',
    message:
      'A review can be edited until it is published (when both sides have reviewed, or 14 days after it was written). This one can no longer be changed.',
  }, // ours
  TL_CORE_15046_E: { status: 409, title: 'Already replied', message: 'You already replied to this review. A reply cannot be changed.' }, // ours
  TL_CORE_15047_E: { status: 409, title: 'Already hidden', message: 'This review is already hidden.' }, // ours
  TL_CORE_15048_E: { status: 409, title: 'Review hidden', message: 'Our team hid this review, so it can no longer be edited.' }, // ours
  // issue 32: reviews only from real work
  TL_CORE_15049_E: {
    status: 409,
    title: 'Not yet',
    message: 'A hire can be reviewed once an engagement between the two sides has ended with approved work.',
  }, // ours
  TL_CORE_15050_E: { status: 409, title: 'Not hidden', message: 'This review is not hidden, so there is nothing to restore.' }, // ours

  // engagements (issue 34): TL_CORE_18100_E .. TL_CORE_18149_E (ours)
  TL_CORE_18100_E: { status: 404, title: 'Not found', message: 'No such engagement.' }, // ours
  TL_CORE_18101_E: {
    status: 409,
    title: 'Offer already made',
    message: 'This hire already has an offer or an engagement. Open it instead.',
  }, // ours
  TL_CORE_18102_E: {
    status: 409,
    title: 'Billing details needed',
    message: 'Complete your billing details (legal name, billing address and a confirmed billing email) before making an offer.',
  }, // ours: the answer names what is missing
  TL_CORE_18103_E: { status: 400, title: 'Check the terms', message: 'Some of the terms are not valid.' }, // ours: the answer names the problem
  TL_CORE_18104_E: { status: 409, title: 'Not active', message: 'This engagement is not active, so this cannot be done now.' }, // ours
  TL_CORE_18105_E: {
    status: 409,
    title: 'Terms waiting',
    message: "New terms are already waiting for the freelancer's answer.",
  }, // ours
  TL_CORE_18106_E: {
    status: 400,
    title: 'Same kind and currency',
    message:
      "New terms keep the engagement's kind (hourly or fixed price), currency, start date and time zone, and keep funded milestones as they are.",
  }, // ours
  TL_CORE_18107_E: {
    status: 409,
    title: 'Work still open',
    message: 'You can end an engagement once every submitted week and every milestone is approved.',
  }, // ours
  TL_CORE_18108_E: {
    status: 409,
    title: 'Terms changed',
    message: 'These terms are no longer waiting for your answer. Reload to see the latest.',
  }, // ours
  TL_CORE_18109_E: {
    status: 409,
    title: 'Billing details needed',
    message: 'Add your legal name and address in your billing details before accepting.',
  }, // ours: the answer names what is missing
  TL_CORE_18110_E: { status: 404, title: 'Not found', message: 'No such timesheet.' }, // ours
  TL_CORE_18111_E: {
    status: 409,
    title: 'Not waiting',
    message: 'This week is not waiting for that. Reload it to see where it stands.',
  }, // ours
  TL_CORE_18112_E: { status: 400, title: 'No hours that day', message: 'You can query only days with hours logged in this week.' }, // ours
  TL_CORE_18113_E: {
    status: 400,
    title: 'Week outside the engagement',
    message: "This week is outside the engagement's dates or has not begun yet.",
  }, // ours
  TL_CORE_18114_E: { status: 400, title: 'Check the hours', message: 'Some hours cannot be logged.' }, // ours: the answer names the problem
  TL_CORE_18115_E: {
    status: 409,
    title: 'Week not editable',
    message: 'A submitted or approved week cannot be edited. A queried week can.',
  }, // ours
  TL_CORE_18116_E: { status: 400, title: 'No hours', message: 'Log some hours before submitting the week.' }, // ours
  TL_CORE_18145_E: {
    status: 400,
    title: 'Nothing to invoice',
    message: 'At this rate the hours of this week come to less than the smallest unit of the currency. Log more hours before submitting.',
  }, // ours (decision 241)
  TL_CORE_18120_E: { status: 404, title: 'Not found', message: 'No such milestone.' }, // ours
  TL_CORE_18121_E: {
    status: 409,
    title: 'Not waiting',
    message: 'This milestone is not waiting for that. Reload it to see where it stands.',
  }, // ours
  TL_CORE_18122_E: { status: 400, title: 'Not your file', message: 'A file you attached is not one of your uploads.' }, // ours
  TL_CORE_18130_E: {
    status: 409,
    title: 'Notice already given',
    message: 'Notice was already given: this engagement already has an end date.',
  }, // ours
  TL_CORE_18131_E: { status: 400, title: 'Check the end date', message: 'This end date cannot be chosen.' }, // ours: the answer names the problem
  TL_CORE_18132_E: { status: 409, title: 'Nothing to answer', message: 'No earlier end is waiting for your answer.' }, // ours
  TL_CORE_18133_E: {
    status: 409,
    title: 'Waiting for the other side',
    message: 'You proposed this earlier end: the other side accepts or declines it.',
  }, // ours
  TL_CORE_18134_E: {
    status: 409,
    title: 'An earlier end waits',
    message: 'An earlier end is already proposed and waits for an answer.',
  }, // ours
  // billing details, invoices and the ledger (issue 34, decisions 200-205): TL_CORE_34200_E .. TL_CORE_34249_E
  TL_CORE_34200_E: {
    status: 409,
    title: 'Billing details needed',
    message: "The company's billing details (legal name, address and a proven billing email) are needed before an invoice can be issued.",
  }, // ours
  TL_CORE_34201_E: {
    status: 409,
    title: 'Billing details needed',
    message: "The freelancer's legal name and address are needed before an invoice can be issued.",
  }, // ours
  TL_CORE_34202_E: { status: 404, title: 'Not found', message: 'This invoice was not found.' }, // ours
  TL_CORE_34203_E: {
    status: 409,
    title: 'Already released',
    message: "This milestone's funds were already released to the freelancer, so its funding invoice cannot be credited.",
  }, // ours
  TL_CORE_34204_E: { status: 409, title: 'Not an invoice', message: 'Only an invoice can be credited, not a credit note.' }, // ours
  TL_CORE_34205_E: {
    status: 409,
    title: 'Changed elsewhere',
    message: 'These billing details were changed elsewhere. Reload them to see the latest version.',
  }, // ours
  TL_CORE_34206_E: {
    status: 409,
    title: 'Save the address first',
    message: 'Save your billing details with this billing email first, then ask for its code.',
  }, // ours
  TL_CORE_34207_E: { status: 404, title: 'Not found', message: 'This document was not found.' }, // ours
  // receipts from the bank and their release (issue 35, decisions 210-213): TL_CORE_35100_E .. TL_CORE_35149_E
  TL_CORE_35101_E: { status: 400, title: 'Statement refused', message: 'This statement cannot be imported. Nothing was posted.' }, // ours
  TL_CORE_35102_E: { status: 409, title: 'Already recorded', message: 'A receipt with this bank reference is already recorded.' }, // ours
  TL_CORE_35103_E: { status: 404, title: 'Not found', message: 'This receipt was not found.' }, // ours
  TL_CORE_35104_E: { status: 404, title: 'No such invoice', message: 'No open invoice has this payment reference.' }, // ours
  TL_CORE_35105_E: {
    status: 409,
    title: 'Already assigned',
    message: 'This receipt is already assigned to an invoice. Reload the list to see where it stands.',
  }, // ours
  TL_CORE_35106_E: { status: 409, title: 'Another currency', message: 'This receipt is in another currency than the invoice.' }, // ours
  // disputes (issue 35, decisions 246-249): TL_CORE_35150_E .. TL_CORE_35169_E
  TL_CORE_35150_E: { status: 404, title: 'Not found', message: 'This dispute was not found.' }, // ours
  TL_CORE_35151_E: { status: 404, title: 'Not found', message: 'This invoice was not found.' }, // ours
  TL_CORE_35152_E: {
    status: 409,
    title: 'Dispute window closed',
    message: 'An invoice can be disputed only within 30 days of its issue date.',
  }, // ours
  TL_CORE_35153_E: { status: 409, title: 'Already disputed', message: 'This invoice is already disputed.' }, // ours
  TL_CORE_35154_E: {
    status: 403,
    title: 'Not the other side',
    message: 'Only the other side of the engagement can answer this dispute.',
  }, // ours
  TL_CORE_35155_E: {
    status: 409,
    title: 'Dispute changed',
    message: 'This dispute was answered or decided meanwhile. Reload it to see the latest.',
  }, // ours
  TL_CORE_35156_E: {
    status: 403,
    title: 'Your own dispute',
    message: 'You are a party to this engagement, so another operator must decide this dispute.',
  }, // ours
  TL_CORE_35157_E: {
    status: 400,
    title: 'Check the split',
    message: 'A split refunds more than nothing and less than the whole invoice.',
  }, // ours
  TL_CORE_35158_E: {
    status: 409,
    title: 'Cannot split yet',
    message: 'A split releases part of the money: the invoice must be paid in full and its work approved first.',
  }, // ours
  TL_CORE_35159_E: { status: 409, title: 'Credited', message: 'This invoice was credited: there is nothing left to dispute.' }, // ours
  TL_CORE_35160_E: {
    status: 409,
    title: 'No more files',
    message: 'Files can be attached until the dispute is decided, at most 5 from each side.',
  }, // ours
  TL_CORE_35161_E: {
    status: 409,
    title: 'Already paid out',
    message:
      'This money was released to the freelancer and has been paid out (or sent for payout), so refunding it would leave them owing the platform. Decide to release it instead, or give back only what they still have payable.',
  }, // ours
  // payout details and payout batches (issue 35, decisions 215-219): TL_CORE_35500_E .. TL_CORE_35519_E
  TL_CORE_35500_E: {
    status: 409,
    title: 'Changed elsewhere',
    message: 'Your payout details were changed elsewhere. Reload them to see the latest version.',
  }, // ours
  TL_CORE_35501_E: { status: 409, title: 'No change waiting', message: 'Ask for a new code: no change to your payout details is waiting.' }, // ours
  TL_CORE_35502_E: { status: 404, title: 'Not found', message: 'This payout batch was not found.' }, // ours
  TL_CORE_35503_E: { status: 404, title: 'Not found', message: 'This payout was not found.' }, // ours
  TL_CORE_35504_E: { status: 409, title: 'Nothing to pay', message: 'Nothing is payable right now: no batch was made.' }, // ours
  TL_CORE_35505_E: {
    status: 409,
    title: 'Already sent',
    message: 'This batch was already sent to the bank, so it can no longer be changed.',
  }, // ours
  TL_CORE_35506_E: {
    status: 409,
    title: 'Not waiting',
    message: 'This payout is not waiting for that: it was already marked paid or returned, or its batch was not sent yet.',
  }, // ours
  TL_CORE_35507_E: {
    status: 409,
    title: 'Already in a batch',
    message: 'Another batch took these payouts at the same moment. Reload the payouts to see it.',
  }, // ours
  TL_CORE_35508_E: {
    status: 409,
    title: 'Bank account not set',
    message: "The platform's paying account (BANK_IBAN, BANK_SWIFT and BANK_ACCOUNT_NAME) is not configured, so no SEPA file can be made.",
  }, // ours
  TL_CORE_35509_E: {
    status: 409,
    title: 'Payable changed',
    message: "A payout in this batch is more than the freelancer's payable balance now (a credit note since). Remove that line, then send.",
  }, // ours
  TL_CORE_35510_E: {
    status: 409,
    title: 'Changed elsewhere',
    message: 'This batch was changed since you loaded it. Reload it to see its lines before sending.',
  }, // ours
  TL_CORE_35511_E: { status: 409, title: 'File refused', message: 'The SEPA file cannot be made from this batch.' }, // ours: the answer names the line

  // messages (issue 36, decisions 225-229): TL_CORE_36000_E .. TL_CORE_36049_E (ours)
  TL_CORE_36000_E: { status: 404, title: 'Not found', message: 'No such conversation.' }, // ours
  TL_CORE_36001_E: { status: 404, title: 'Not found', message: 'No such message in this conversation.' }, // ours
  TL_CORE_36003_E: { status: 404, title: 'Not found', message: 'No such candidate on your shortlists.' }, // ours
  TL_CORE_36004_E: {
    status: 409,
    title: 'Conversation closed',
    message: 'This conversation is closed for new messages. You can still read it.',
  }, // ours: the answer names why (CLOSED_LABELS)
  TL_CORE_36006_E: {
    status: 409,
    title: 'Too late to edit',
    message: 'A message can be edited only within 5 minutes of sending. You can delete it instead.',
  }, // ours
  TL_CORE_36007_E: { status: 403, title: 'Not your message', message: 'You can edit or delete only your own messages.' }, // ours
  TL_CORE_36008_E: { status: 409, title: 'Message removed', message: 'This message was deleted or hidden, so it cannot be changed.' }, // ours
  TL_CORE_36009_E: {
    status: 429,
    title: 'Slow down',
    message: 'You are sending messages very fast. Wait a minute and try again.',
  }, // ours
  TL_CORE_36010_E: {
    status: 429,
    title: 'Too many windows',
    message: 'Messages are open in too many windows. Close one and try again.',
  }, // ours
  TL_CORE_36011_E: {
    status: 403,
    title: 'Account suspended',
    message: 'Your account is suspended, so you cannot send messages.',
  }, // ours
  TL_CORE_36012_E: { status: 409, title: 'Already reported', message: 'You already reported this message.' }, // ours
  TL_CORE_36013_E: { status: 400, title: 'Not reportable', message: 'You can report only the other side’s messages.' }, // ours
  TL_CORE_36014_E: { status: 409, title: 'Already hidden', message: 'This message is already hidden.' }, // ours
  TL_CORE_36015_E: {
    status: 415,
    title: 'File type not accepted',
    message: 'Send a PDF, a Word document (doc, docx) or a picture (jpg, png, webp).',
  }, // ours
  TL_CORE_36016_E: { status: 413, title: 'File too large', message: 'A file can be at most 10 MB.' }, // ours
  TL_CORE_36017_E: { status: 404, title: 'Not found', message: 'No such file in this conversation.' }, // ours

  // partner requests
  TL_CORE_01200_E: { status: 409, title: 'Already received', message: 'We already have your request. Our team will be in touch soon.' }, // ours
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof ERRORS;

export const ErrorBody = z.object({
  status: z.literal('failure'),
  responseCode: z.string(),
  responseMessage: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}

export function errorBody(code: ErrorCode, message?: string): ErrorBody {
  return { status: 'failure', responseCode: code, responseMessage: message ?? ERRORS[code].message };
}

/** Title and message a screen shows for a failure; unknown codes fall back to the given default. */
export function describeError(
  body: { responseCode?: string; responseMessage?: string } | undefined,
  fallback: { title: string; message: string },
): { title: string; message: string } {
  const code = body?.responseCode;
  if (isErrorCode(code)) return { title: ERRORS[code].title, message: body?.responseMessage || ERRORS[code].message };
  return fallback;
}
