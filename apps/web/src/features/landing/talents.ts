// The hero strip: our own illustrations (public/landing/talent), each with the skill it shows.
export type Talent = { slug: string; skill: string; alt: string /** The picture's background, shown until it loads. */; tint: string };

export const TALENTS: readonly Talent[] = [
  { slug: 'ui-ux-design', skill: 'UI/UX Design', alt: 'Illustration of a designer with a pen tool badge', tint: '#eef2ff' },
  {
    slug: 'full-stack-development',
    skill: 'Full-stack Development',
    alt: 'Illustration of a developer with a code badge',
    tint: '#ecfdf3',
  },
  { slug: 'data-analysis', skill: 'Data Analysis', alt: 'Illustration of an analyst with a bar chart badge', tint: '#fff7ed' },
  { slug: 'content-writing', skill: 'Content Writing', alt: 'Illustration of a writer with a document badge', tint: '#fdf2fa' },
  {
    slug: 'mobile-development',
    skill: 'Mobile Development',
    alt: 'Illustration of a mobile developer with a phone badge',
    tint: '#f0f9ff',
  },
  {
    slug: 'product-management',
    skill: 'Product Management',
    alt: 'Illustration of a product manager with a task board badge',
    tint: '#f5f3ff',
  },
  { slug: 'graphic-design', skill: 'Graphic Design', alt: 'Illustration of a graphic designer with a palette badge', tint: '#fefce8' },
  { slug: 'devops-cloud', skill: 'DevOps & Cloud', alt: 'Illustration of a DevOps engineer with a cloud badge', tint: '#f0fdfa' },
  { slug: 'digital-marketing', skill: 'Digital Marketing', alt: 'Illustration of a marketer with a megaphone badge', tint: '#fef2f2' },
  { slug: 'qa-testing', skill: 'QA & Testing', alt: 'Illustration of a tester with a check mark badge', tint: '#f8fafc' },
];
