// Productboard in the panel: features, components, products and objectives.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const productboard: SourcePanel = {
  ...SOURCE_WORDS.productboard,
  category: 'Ticketing & Task Management',
  popular: false,
  docs: onyxGuide('productboard'),
  summary: 'Features, components, products and objectives.',
  inputType: 'poll',
  fields: [],
  credential: { productboard_access_token: { label: 'Access token', secret: true } },
};
