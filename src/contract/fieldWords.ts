// Field descriptions (z.describe) are what the API reference page and
// /api/openapi.json say of each field: words for an API user.
export const FIELD = {
  connectorName: "The connector's name, 1 to 200 characters (surrounding spaces are trimmed).",
  source: 'Where the documents come from, such as `jira` or `slack`.',
  inputType: 'How the source is read: `poll` for changes, `load_state` whole each time, and so on.',
  accessType: 'Who may find its documents: `PUBLIC`, `PRIVATE` or `SYNC` (any letter case).',
  config: "The source's own settings, such as `jira_base_url` and `project_key` for Jira.",
  refreshFreq: 'Seconds between two reads of the source (60 or more); `null` for never.',
  pruneFreq: 'Seconds between two removals of deleted documents (300 or more); `null` for never.',
  indexingStart: 'Index documents from this ISO-8601 date-time on; `null` for all of them.',
  groups: 'Ids of the user groups it is shared with (kept, not used here).',
} as const;
