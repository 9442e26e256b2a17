// XenForo in the panel: a board or one thread, read as a guest.
import { onyxGuide, requiredText } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const xenforo: SourcePanel = {
  ...SOURCE_WORDS.xenforo,
  category: 'Messaging',
  popular: false,
  docs: onyxGuide('xenforo'),
  summary: 'Threads of a XenForo 2.2 forum.',
  inputType: 'load_state',
  fields: [
    requiredText(
      'base_url',
      'Board or thread address',
      'For example https://forum.acme.example/forums/support.4/.',
      'Enter the address of the board or thread',
      'url',
    ),
  ],
  credential: {},
};
