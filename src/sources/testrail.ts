// TestRail in the panel: some or all projects' test cases.
import { onyxGuide, optionalTextBox } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

const limit = (key: string, label: string, hint: string) =>
  ({
    key,
    control: 'number',
    label: `${label} (optional)`,
    hint,
    emptyWords: 'TestRail’s default',
    advanced: true,
  }) as const;

export const testrail: SourcePanel = {
  ...SOURCE_WORDS.testrail,
  category: 'Ticketing & Task Management',
  popular: false,
  docs: onyxGuide('testrail'),
  summary: 'Test cases of TestRail projects.',
  inputType: 'poll',
  fields: [
    optionalTextBox(
      'project_ids',
      'Project IDs',
      'For example 1,2,3. Empty: every project.',
      'Every project',
    ),
    limit('cases_page_size', 'Cases a page', 'How many test cases each request asks for (250).'),
    limit('max_pages', 'Most pages', 'A stop against endless paging (10,000).'),
    limit(
      'skip_doc_absolute_chars',
      'Longest case',
      'Cases longer than this many characters are left out (200,000).',
    ),
  ],
  credential: {
    testrail_base_url: { label: 'TestRail address', hint: 'For example https://acme.testrail.io.' },
    testrail_username: { label: 'User name or e-mail' },
    testrail_api_key: { label: 'API key', secret: true },
  },
};
