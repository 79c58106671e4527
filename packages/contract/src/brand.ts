/** The product's working name, defined once so an operator renames it in one place. */
export const BRAND = {
  name: 'Talentloop',
  tagline: 'Vetted remote talent, matched to real work.',
  supportEmail: 'support@talentloop.example',
} as const;
