// Every path of the panel, defined once.
export const JIRA_WIZARD_STEPS = ['connection', 'schedule', 'credential', 'review'] as const;
export type JiraWizardStep = (typeof JIRA_WIZARD_STEPS)[number];

export const paths = {
  signIn: {
    path: '/sign-in',
    getHref: (from?: string) => (from ? `/sign-in?from=${encodeURIComponent(from)}` : '/sign-in'),
  },
  connectors: {
    path: '/connectors',
    /** The credential filter lives in the URL, so a filtered view can be shared and reloaded. */
    getHref: ({ credential }: { credential?: number } = {}) =>
      credential === undefined ? '/connectors' : `/connectors?credential=${credential}`,
  },
  connector: {
    path: '/connectors/:connectorId',
    getHref: (id: number) => `/connectors/${id}`,
  },
  credentials: {
    path: '/credentials',
    getHref: () => '/credentials',
  },
  newJiraConnector: {
    path: '/connectors/new/jira',
    getHref: (step?: JiraWizardStep) =>
      step ? `/connectors/new/jira?step=${step}` : '/connectors/new/jira',
  },
  users: {
    path: '/users',
    getHref: () => '/users',
  },
} as const;
