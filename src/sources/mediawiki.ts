// MediaWiki in the panel: a site's categories and pages. No credential.
import { onyxGuide, requiredText } from './fieldParts';
import type { SourcePanel } from './types';
import { wikiFields } from './wikiFields';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const mediawiki: SourcePanel = {
  ...SOURCE_WORDS.mediawiki,
  category: 'Knowledge Base & Wikis',
  popular: false,
  docs: onyxGuide('mediawiki'),
  summary: 'Pages and categories of a public MediaWiki site.',
  inputType: 'poll',
  fields: [
    requiredText(
      'hostname',
      'Site address',
      'For example https://wiki.acme.example.',
      'Enter the address of the wiki',
      'url',
    ),
    ...wikiFields(false),
  ],
  credential: {},
};
