// Every path of the panel, defined once.
import { INT_PARSING_MESSAGE, parseIntegerText, queryValues } from '../contract/endpointPaths';
import { PANEL_PAGES } from '../contract/panelPages';
/** The steps of the connector wizard; a source that needs no credential skips that step. */
/** The access step is shown when the caller has groups to choose from (D13). */
export const WIZARD_STEPS = ['connection', 'schedule', 'credential', 'access', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export interface ListSort {
  column: string;
  direction: 'ascending' | 'descending';
}

/** Which connectors by status: those running, or those paused (none: all). */
export const STATUS_FILTERS = ['running', 'paused'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
const isStatusFilter = (text: string | null): text is StatusFilter =>
  (STATUS_FILTERS as readonly (string | null)[]).includes(text);

export interface ConnectorListParams {
  credential?: number;
  /** D13: only the connectors with a pair in this user group. */
  group?: number;
  status?: StatusFilter;
  /** Only the connectors that need attention: `?needs_attention=true`. */
  attention?: boolean;
  search?: string;
  sort?: ListSort | null;
}

interface ParsedConnectorList extends ConnectorListParams {
  /** `?credential=` held something that is no credential id: the text, and the server's 422 words for it. */
  badCredential?: { text: string; words: string };
  search: string;
  sort: ListSort | null;
}

/**
 * D5's `?credential=`, read as the server reads it (an empty one is no filter):
 * the list query's `integerText` checks without zod, which the list's path does
 * not load; paths.test.ts holds the two to the same answers.
 */
function credentialFilter(
  query: URLSearchParams,
): Pick<ParsedConnectorList, 'credential' | 'badCredential'> {
  const text = queryValues({ credential: query.getAll('credential') }).credential;
  if (text === undefined) return {};
  const credential = parseIntegerText(text);
  return credential === null
    ? { badCredential: { text, words: INT_PARSING_MESSAGE } }
    : { credential };
}

/** `?group=`: a group id, read as every id of the address is (D3); anything else means all. */
function groupFilter(query: URLSearchParams): Pick<ParsedConnectorList, 'group'> {
  const group = parseIntegerText(query.get('group') ?? '');
  return group === null ? {} : { group };
}

export const paths = {
  signIn: {
    path: '/sign-in',
    getHref: (from?: string) => (from ? `/sign-in?from=${encodeURIComponent(from)}` : '/sign-in'),
  },
  connectors: {
    path: '/connectors',
    /**
     * The list's filter, search and sort live in the URL, so a view can be shared
     * and reloaded: `?credential=7&status=paused&search=jira&sort=-name` (a leading "-"
     * sorts descending).
     */
    getHref: ({ credential, group, status, attention, search, sort }: ConnectorListParams = {}) => {
      const query = new URLSearchParams();
      if (credential !== undefined) query.set('credential', String(credential));
      if (group !== undefined) query.set('group', String(group));
      if (status) query.set('status', status);
      if (attention) query.set('needs_attention', 'true');
      if (search) query.set('search', search);
      if (sort) query.set('sort', `${sort.direction === 'descending' ? '-' : ''}${sort.column}`);
      const text = query.toString();
      return text ? `/connectors?${text}` : '/connectors';
    },
    /**
     * The reverse of getHref. The credential is read by the list endpoint's own
     * query schema, so the panel takes what the server takes (`-1` too, D5); one
     * that is no id is reported with the server's words, not ignored. A status
     * that is neither filter means all (the page's choice shows "All").
     */
    parse: (query: URLSearchParams): ParsedConnectorList => {
      const status = query.get('status');
      const sort = query.get('sort')?.match(/^(-?)(\w+)$/);
      return {
        ...(isStatusFilter(status) ? { status } : {}),
        ...credentialFilter(query),
        ...groupFilter(query),
        ...(query.get('needs_attention') === 'true' ? { attention: true } : {}),
        search: query.get('search') ?? '',
        sort: sort ? { column: sort[2]!, direction: sort[1] ? 'descending' : 'ascending' } : null,
      };
    },
  },
  connector: {
    path: '/connectors/:connectorId',
    getHref: PANEL_PAGES.connector,
  },
  credentials: {
    path: PANEL_PAGES.credentials,
    /** `?q=` keeps the page's search in the address, like the connectors list's. */
    getHref: (q = '') =>
      q ? `${PANEL_PAGES.credentials}?${new URLSearchParams({ q })}` : PANEL_PAGES.credentials,
  },
  /** The catalogue: every source a connector can be made of. */
  catalogue: {
    path: '/connectors/new',
    getHref: () => '/connectors/new',
  },
  newConnector: {
    path: '/connectors/new/:source',
    getHref: (source: string, step?: WizardStep) =>
      `/connectors/new/${encodeURIComponent(source)}${step ? `?step=${step}` : ''}`,
  },
  users: {
    path: '/users',
    getHref: () => '/users',
  },
  groups: {
    path: '/groups',
    /** `?q=` and `?page=` (from 0) keep the list's search and page in the address. */
    getHref: ({ q = '', page = 0 }: { q?: string; page?: number } = {}) => {
      const query = new URLSearchParams();
      if (q) query.set('q', q);
      if (page > 0) query.set('page', String(page));
      const text = query.toString();
      return text ? `/groups?${text}` : '/groups';
    },
  },
  /** One group's own page: its card alone. */
  group: {
    path: '/groups/:groupId',
    getHref: (id: number) => `/groups/${id}`,
  },
  documentSets: {
    path: '/document-sets',
    getHref: () => '/document-sets',
  },
  activity: {
    path: '/activity',
    /** The log's filters live in the address too: `?resource_type=connector&resource_id=7`. */
    getHref: (filters: Record<string, string | undefined> = {}) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
      const text = query.toString();
      return text ? `/activity?${text}` : '/activity';
    },
  },
  apiKeys: {
    path: PANEL_PAGES.apiKeys,
    getHref: () => PANEL_PAGES.apiKeys,
  },
  configuration: {
    path: '/settings/configuration',
    getHref: () => '/settings/configuration',
  },
  /** The first page of someone with nothing to administer. */
  start: {
    path: '/start',
    getHref: () => '/start',
  },
  apiReference: {
    path: '/api-reference',
    getHref: () => '/api-reference',
  },
  /** Admins' settings: where alerts go. */
  settings: {
    path: PANEL_PAGES.settings,
    getHref: () => PANEL_PAGES.settings,
  },
} as const;
