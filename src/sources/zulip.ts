// Zulip in the panel: a realm's streams; the bot's zuliprc file as the credential.
import { onyxGuide, requiredText } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const zulip: SourcePanel = {
  ...SOURCE_WORDS.zulip,
  category: 'Messaging',
  popular: false,
  docs: onyxGuide('zulip'),
  summary: 'Messages of a Zulip realm’s streams.',
  inputType: 'poll',
  fields: [
    requiredText('realm_name', 'Realm name', 'For example acme.', 'Enter the name of the realm'),
    requiredText(
      'realm_url',
      'Realm address',
      'For example https://acme.zulipchat.com.',
      'Enter the address of the realm',
      'url',
    ),
  ],
  credential: {
    zuliprc_content: {
      label: 'zuliprc file',
      hint: 'The bot’s zuliprc, downloaded from Zulip’s bot settings.',
      secret: true,
      keyFile: true,
      accept: '.zuliprc,text/plain',
    },
  },
};
