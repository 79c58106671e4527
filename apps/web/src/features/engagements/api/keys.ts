/** Query keys of engagements and billing details (issue 34): each mutation refreshes exactly the reads it changed. */
export const engagementKeys = {
  all: ['engagements'] as const,
  company: () => [...engagementKeys.all, 'company'] as const,
  companyList: () => [...engagementKeys.company(), 'list'] as const,
  companyDetail: (id: string) => [...engagementKeys.company(), 'detail', id] as const,
  freelancer: () => [...engagementKeys.all, 'freelancer'] as const,
  freelancerList: () => [...engagementKeys.freelancer(), 'list'] as const,
  freelancerDetail: (id: string) => [...engagementKeys.freelancer(), 'detail', id] as const,
  week: (id: string, weekStart: string) => [...engagementKeys.freelancer(), 'week', id, weekStart] as const,
};

export const billingKeys = {
  all: ['billing'] as const,
  company: () => [...billingKeys.all, 'company'] as const,
  freelancer: () => [...billingKeys.all, 'freelancer'] as const,
};
