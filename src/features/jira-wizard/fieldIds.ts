// The id of each control, so an error summary can lead to it.
export const FIELD_IDS = {
  name: 'jira-name',
  jira_base_url: 'jira-base-url',
  project_key: 'jira-project-key',
  blacklist_draft: 'jira-blacklist-draft',
  refresh: 'jira-refresh-amount',
  prune: 'jira-prune-amount',
  credential_id: 'jira-credential',
} as const;

export const blacklistRemoveId = (index: number) => `jira-blacklist-remove-${index}`;
