import { z } from 'zod';
import { defineEndpoint } from './define.ts';

// spec: auth-onboarding §7 search calls. Skill search from 1 character, the others from 3.

export const SEARCH_KINDS = {
  skill: { field: 'skillName', minLength: 1 },
  occupation: { field: 'occupationName', minLength: 3 },
  university: { field: 'universityName', minLength: 3 },
  designation: { field: 'jobTitle', minLength: 3 },
  company: { field: 'companyName', minLength: 3 },
} as const;
export type SearchKind = keyof typeof SEARCH_KINDS;
export const SEARCH_LIMIT = 20;
export const SEARCH_DEBOUNCE_MS = 1_000;

const query = z.object({ query: z.string().max(100).default('') });
const list = <F extends string>(field: F) =>
  z.object({ status: z.literal('success') }).extend({ [field]: z.array(z.string()) } as Record<F, z.ZodArray<z.ZodString>>);

export const searchSkill = defineEndpoint({
  tag: 'search',
  method: 'GET',
  path: '/search/skill',
  summary: 'Skills matching the text',
  auth: true,
  access: ['freelancer', 'client', 'operator'],
  query,
  response: list('skillName'),
});
export const searchOccupation = defineEndpoint({
  tag: 'search',
  method: 'GET',
  path: '/search/occupation',
  summary: 'Occupations matching the text',
  auth: true,
  access: ['freelancer', 'client', 'operator'],
  query,
  response: list('occupationName'),
});
export const searchUniversity = defineEndpoint({
  tag: 'search',
  method: 'GET',
  path: '/search/university',
  summary: 'Universities matching the text',
  auth: true,
  access: ['freelancer', 'client', 'operator'],
  query,
  response: list('universityName'),
});
export const searchDesignation = defineEndpoint({
  tag: 'search',
  method: 'GET',
  path: '/search/designation',
  summary: 'Job titles matching the text',
  auth: true,
  access: ['freelancer', 'client', 'operator'],
  query,
  response: list('jobTitle'),
});
export const searchCompany = defineEndpoint({
  tag: 'search',
  method: 'GET',
  path: '/search/company',
  summary: 'Companies matching the text',
  auth: true,
  access: ['freelancer', 'client', 'operator'],
  query,
  response: list('companyName'),
});

export const searchEndpoints = {
  skill: searchSkill,
  occupation: searchOccupation,
  university: searchUniversity,
  designation: searchDesignation,
  company: searchCompany,
} as const;
