// Google Drive in the panel, through a service account: whole drives, or
// named drives, folders and people's My Drives.
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const google_drive: SourcePanel = {
  ...SOURCE_WORDS.google_drive,
  category: 'Cloud Storage',
  popular: true,
  docs: 'https://docs.onyx.app/admins/connectors/official/google_drive/overview',
  summary: 'Documents, sheets and files of shared drives and My Drives.',
  inputType: 'poll',
  fields: [
    {
      key: 'indexing_scope',
      control: 'tabs',
      label: 'What to index',
      tabs: [
        {
          value: 'general',
          label: 'Whole drives',
          emptyMessage:
            'Tick at least one kind of drive: shared drives, everyone’s My Drive, or files shared with the admin',
          fields: [
            {
              key: 'include_shared_drives',
              control: 'checkbox',
              label: 'Include shared drives',
              hint: 'Everything in the organisation’s shared drives.',
              // Ticked from the start: the contract refuses a connector that indexes nothing.
              default: true,
            },
            {
              key: 'include_my_drives',
              control: 'checkbox',
              label: 'Include everyone’s My Drive',
              default: false,
            },
            {
              key: 'include_files_shared_with_me',
              control: 'checkbox',
              label: 'Include files shared with the admin',
              default: false,
            },
          ],
        },
        {
          value: 'specific',
          label: 'Named drives and folders',
          fields: [
            {
              key: 'shared_drive_urls',
              control: 'textarea',
              label: 'Shared drive addresses',
              hint: 'Separate several with commas.',
              emptyWords: 'None',
            },
            {
              key: 'shared_folder_urls',
              control: 'textarea',
              label: 'Folder addresses',
              hint: 'Separate several with commas; sub-folders are included.',
              emptyWords: 'None',
            },
            {
              key: 'my_drive_emails',
              control: 'textarea',
              label: 'My Drives of these people',
              hint: 'E-mail addresses, separated by commas.',
              emptyWords: 'None',
            },
          ],
        },
      ],
    },
    {
      key: 'specific_user_emails',
      control: 'textarea',
      label: 'Only files these people can read (optional)',
      hint: 'E-mail addresses, separated by commas.',
      emptyWords: 'Everyone’s',
      advanced: true,
    },
    {
      key: 'exclude_domain_link_only',
      control: 'checkbox',
      label: 'Leave out files shared by link only',
      default: false,
      advanced: true,
    },
  ],
  credential: {
    google_service_account_key: {
      label: 'Service account key (JSON)',
      hint: 'The JSON key file of the service account: choose the file, or paste its text.',
      secret: true,
      keyFile: true,
    },
    google_primary_admin: {
      label: 'Primary admin e-mail',
      hint: 'A Workspace admin the service account acts for.',
    },
    authentication_method: { label: 'Authentication method', fixed: 'uploaded' },
  },
};
