// Every path of the panel, defined once.
import { PANEL_PAGES } from '../contract/panelPages';
/** The steps of the connector wizard; a source that needs no credential skips that step. */
export const WIZARD_STEPS = ['connection', 'schedule', 'credential', 'review'] as const;
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
  status?: StatusFilter;
  /** Only the connectors that need attention (issue 25): `?needs_attention=true`. */
  attention?: boolean;
  search?: string;
  sort?: ListSort | null;
}

interface ParsedConnectorList extends ConnectorListParams {
  /** `?credential=` held something that is no credential id. */
  badCredential?: string;
  search: string;
  sort: ListSort | null;
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
    getHref: ({ credential, status, attention, search, sort }: ConnectorListParams = {}) => {
      const query = new URLSearchParams();
      if (credential !== undefined) query.set('credential', String(credential));
      if (status) query.set('status', status);
      if (attention) query.set('needs_attention', 'true');
      if (search) query.set('search', search);
      if (sort) query.set('sort', `${sort.direction === 'descending' ? '-' : ''}${sort.column}`);
      const text = query.toString();
      return text ? `/connectors?${text}` : '/connectors';
    },
    /**
     * The reverse of getHref. A credential that is no id is reported, not ignored;
     * a status that is neither filter means all (the page's choice shows "All").
     */
    parse: (query: URLSearchParams): ParsedConnectorList => {
      const credential = query.get('credential') ?? '';
      const status = query.get('status');
      const sort = query.get('sort')?.match(/^(-?)(\w+)$/);
      return {
        ...(isStatusFilter(status) ? { status } : {}),
        ...(query.get('needs_attention') === 'true' ? { attention: true } : {}),
        ...(/^\d{1,15}$/.test(credential)
          ? { credential: Number(credential) }
          : credential
            ? { badCredential: credential }
            : {}),
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
    getHref: () => '/groups',
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
  apiReference: {
    path: '/api-reference',
    getHref: () => '/api-reference',
  },
  /** Admins' settings: where alerts go (issue 25). */
  settings: {
    path: PANEL_PAGES.settings,
    getHref: () => PANEL_PAGES.settings,
  },
} as const;
