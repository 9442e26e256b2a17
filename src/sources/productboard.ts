// Productboard in the panel: features, components, products and objectives.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';

export const productboard: SourcePanel = {
  label: 'Productboard',
  initials: 'PB',
  category: 'Ticketing & Task Management',
  popular: false,
  docs: onyxGuide('productboard'),
  summary: 'Features, components, products and objectives.',
  inputType: 'poll',
  fields: [],
  credential: { productboard_access_token: { label: 'Access token', secret: true } },
};
