// Gmail in the panel: every mailbox of the Workspace, through a service account.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const gmail: SourcePanel = {
  ...SOURCE_WORDS.gmail,
  category: 'Messaging',
  popular: false,
  docs: onyxGuide('gmail'),
  summary: 'E-mail threads of the Workspace’s mailboxes.',
  inputType: 'poll',
  fields: [],
  credential: {
    google_service_account_key: {
      label: 'Service account key (JSON)',
      hint: 'The JSON key file of a service account with domain-wide delegation.',
      secret: true,
      keyFile: true,
    },
    google_primary_admin: {
      label: 'Primary admin e-mail',
      hint: 'A Workspace admin the service account acts for.',
    },
  },
};
