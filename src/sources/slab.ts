// Slab in the panel: one team's posts.
import { onyxGuide, requiredText } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const slab: SourcePanel = {
  ...SOURCE_WORDS.slab,
  category: 'Knowledge Base & Wikis',
  popular: false,
  docs: onyxGuide('slab'),
  summary: 'Posts of a Slab team.',
  inputType: 'poll',
  fields: [
    requiredText(
      'base_url',
      'Team address',
      'For example https://acme.slab.com/.',
      'Enter the address of the Slab team',
      'url',
    ),
  ],
  credential: { slab_bot_token: { label: 'Bot token', secret: true } },
};
