// E-mail over IMAP in the panel: a server's mailboxes.
import { namesList, onyxGuide, requiredText } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const imap: SourcePanel = {
  ...SOURCE_WORDS.imap,
  category: 'Messaging',
  popular: false,
  docs: onyxGuide('imap'),
  summary: 'Messages of an IMAP mailbox.',
  inputType: 'poll',
  fields: [
    requiredText(
      'host',
      'IMAP server',
      'For example imap.gmail.com or outlook.office365.com.',
      'Enter the IMAP server',
    ),
    {
      key: 'port',
      control: 'number',
      label: 'Port (optional)',
      hint: '993 for IMAP over TLS.',
      default: '993',
      emptyWords: '993',
    },
    namesList('mailboxes', 'mailboxes', 'Mailbox', {
      hint: 'For example INBOX. Empty: every mailbox.',
    }),
  ],
  credential: {
    imap_username: { label: 'User name', hint: 'Usually the e-mail address.' },
    imap_password: {
      label: 'Password',
      hint: 'An app password where the server asks for one.',
      secret: true,
    },
  },
};
