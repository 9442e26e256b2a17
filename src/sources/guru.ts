// Guru in the panel: every card the user can read.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const guru: SourcePanel = {
  ...SOURCE_WORDS.guru,
  category: 'Knowledge Base & Wikis',
  popular: false,
  docs: onyxGuide('guru'),
  summary: 'Cards of the Guru collections the user can read.',
  inputType: 'poll',
  fields: [],
  credential: {
    guru_user: { label: 'User e-mail', hint: 'The Guru user the token belongs to.' },
    guru_user_token: { label: 'User token', secret: true },
  },
};
