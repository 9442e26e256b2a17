// Web in the panel: a start address and how to follow it; no credential.
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const web: SourcePanel = {
  ...SOURCE_WORDS.web,
  category: 'Others',
  popular: false,
  docs: 'https://docs.onyx.app/admins/connectors/official/web',
  summary: 'Pages of a web site, followed from a start address or a sitemap.',
  inputType: 'load_state',
  // Onyx's intent for web sites: once a day.
  refresh: 86400,
  fields: [
    {
      key: 'base_url',
      control: 'url',
      label: 'Start address',
      hint: 'For example https://docs.acme.example/.',
      requiredMessage: 'Enter the address to start from, for example https://docs.acme.example/',
    },
    {
      key: 'web_connector_type',
      control: 'select',
      label: 'How to read the site',
      options: [
        { value: 'recursive', label: 'Follow links on the site' },
        { value: 'single', label: 'This page only' },
        { value: 'sitemap', label: 'The pages of its sitemap' },
      ],
      default: 'recursive',
    },
    {
      key: 'scroll_before_scraping',
      control: 'checkbox',
      label: 'Scroll each page before reading it',
      hint: 'For pages that load their content as they scroll.',
      default: false,
      advanced: true,
    },
    {
      key: 'url_rewrites',
      control: 'pairs',
      label: 'Address rewrites (optional)',
      hint: 'Store a public address for pages read through a mirror.',
      left: { value: 'source', label: 'Address starting with' },
      right: { value: 'target', label: 'Replaced by' },
      emptyWords: 'None',
      advanced: true,
    },
  ],
  credential: {},
};
