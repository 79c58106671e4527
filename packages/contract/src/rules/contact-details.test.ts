import { describe, expect, test } from 'vitest';
import { type ContactDetailKind, findContactDetails, hasContactDetails } from './contact-details.ts';

// Real formats people write, and the look-alikes a conversation about work is full of.
const FOUND: [string, ContactDetailKind[]][] = [
  ['Mail me at priya.sharma@gmail.com', ['email']],
  ['my email: J.Müller+jobs@firma.de', ['email']],
  ['write to priya dot sharma at gmail dot com', ['email']],
  ['priya(at)outlook(dot)com', ['email']],
  ['priya [at] proton [dot] me', ['email']],
  ['Call me on +44 20 7946 0958', ['phone']],
  ['+1 (415) 555-0100 after 5pm', ['phone']],
  ['my number is 0044 7911 123456', ['phone']],
  ['+91 98765 43210', ['phone']],
  ['9876543210 is my mobile', ['phone']],
  ['(415) 555-0100', ['phone']],
  ['415.555.0100', ['phone']],
  ['030 1234 5678 (Berlin office)', ['phone']],
  ['WhatsApp me: +49 151 23456789', ['phone', 'handle']],
  ['ping me on telegram @priya_dev', ['handle']],
  ['@priya_dev on Telegram', ['handle']],
  ['skype: live:priya.sharma_1', ['handle']],
  ['my Skype id is priya.sharma', ['handle']],
  ['discord priya#1234', ['handle']],
  ['add me priyadev#4821', ['handle']],
  ['https://wa.me/919876543210', ['phone', 'handle']],
  ['t.me/priya_dev', ['handle']],
  ['instagram.com/priya.designs', ['handle']],
  ['Signal: priya.42', ['handle']],
  ['email priya@studio.io or call +44 20 7946 0958', ['email', 'phone']],
];

const NOT_FOUND: string[] = [
  '@Priya thanks, that works',
  'The budget is $5,000 for the first milestone',
  'Rate: ₹1,20,000 per month',
  'We can pay 12000000 INR over the year',
  'Start on 2026-11-28, end on 2027-02-28',
  'Available 28/11/2026 10:30-11:30',
  'I worked there 2019 - 2024',
  'Invoice INV-2026-000123 is attached',
  'IBAN DE89 3704 0044 0532 0130 00',
  'Version 1.2.3 fixed the build',
  'About 10-12 hours a week, 40 hours in total',
  'Our site is https://acme.example.com/careers',
  'We use Slack internally and Signal processing is the role',
  'The ticket number is #12345',
  'Meet at 10 am at the office',
  'I signed the NDA at 14:30 today',
  'Send the deck to the team and we will look at it',
  'order 1234 5678',
];

describe('contact details in a message', () => {
  test.each(FOUND)('finds them in %j', (text, kinds) => {
    expect(findContactDetails(text)).toEqual(kinds);
    expect(hasContactDetails(text)).toBe(true);
  });

  test.each(NOT_FOUND)('finds none in %j', (text) => {
    expect(findContactDetails(text)).toEqual([]);
  });
});
