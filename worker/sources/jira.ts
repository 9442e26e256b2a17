// Jira, as Onyx's connector reads it and as the connection test signs in
// (server/connectionCheck/jira.ts): a credential with `jira_user_email` is Jira
// Cloud (REST v3's /search/jql, paged by nextPageToken, Basic e-mail:token);
// without, Server or Data Center (REST v2's /search, paged by startAt, the token
// as Bearer). The JQL is the config's `jql_query`, else its `project_key`, and
// for an incremental run `updated >=` the poll window's start. One document per
// issue, its address the id (Onyx's). Comments by `comment_email_blacklist`
// addresses are left out of the document: they do not make it newer, so an issue
// whose only change in the window is such a comment (a bot's) is not sent again.
import { basicAuth, baseAddress, text, under } from '../../server/connectionCheck/common';
import { JIRA_ADDRESS_KEY } from '../../server/connectionCheck/jira';
import { checkedConfig, isoOf, minuteText, pageSize } from './common';
import { ConfigProblem, type ReadInput, type SourceDocument, type SourceReader } from './types';

/** Jira's largest page of the search. */
const JIRA_PAGE_MAX = 100;
const FIELDS = 'summary,updated,created,comment';

interface JiraComment {
  author?: { emailAddress?: string };
  created?: string;
  updated?: string;
}
interface JiraIssue {
  key: string;
  fields?: {
    summary?: string;
    updated?: string;
    created?: string;
    comment?: { comments?: JiraComment[] };
  };
  changelog?: { histories?: { created?: string }[] };
}
interface JiraPage {
  issues?: JiraIssue[];
  /** Cloud's /search/jql. */
  nextPageToken?: string;
  isLast?: boolean;
  /** Server's /search. */
  startAt?: number;
  total?: number;
}

const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** The JQL of a run: what the config names, narrowed to the poll window. */
export function jqlOf(config: Record<string, unknown>, since: Date | null, until: Date | null) {
  const given = text(config, 'jql_query');
  const project = text(config, 'project_key');
  const parts: string[] = [];
  if (given) parts.push(`(${given})`);
  else if (project) parts.push(`project = ${quoted(project)}`);
  if (since) parts.push(`updated >= ${quoted(minuteText(since))}`);
  if (until) parts.push(`updated <= ${quoted(minuteText(new Date(until.getTime() + 60_000)))}`);
  // Cloud refuses a search with no bounds; every issue has been created.
  if (parts.length === 0) parts.push('created >= "1970-01-01 00:00"');
  return `${parts.join(' AND ')}${/order\s+by/i.test(given ?? '') ? '' : ' ORDER BY created ASC'}`;
}

/** When the issue last changed, blacklisted authors' comments aside. */
function changedAt(issue: JiraIssue, blacklist: Set<string>): string | null {
  const updated = isoOf(issue.fields?.updated);
  const comments = issue.fields?.comment?.comments ?? [];
  const blacklisted = comments.filter((comment) =>
    blacklist.has((comment.author?.emailAddress ?? '').toLowerCase()),
  );
  if (blacklisted.length === 0 || !issue.changelog) return updated;
  const others = comments.filter((comment) => !blacklisted.includes(comment));
  const moments = [
    issue.fields?.created,
    ...(issue.changelog.histories ?? []).map((history) => history.created),
    ...others.map((comment) => comment.updated ?? comment.created),
  ]
    .map(isoOf)
    .filter((moment): moment is string => moment !== null)
    .sort();
  return moments.at(-1) ?? updated;
}

export const jiraReader: SourceReader = {
  async *read(input: ReadInput) {
    const config = checkedConfig('jira', input.config);
    const base = baseAddress(text(config, JIRA_ADDRESS_KEY), JIRA_ADDRESS_KEY);
    if (typeof base === 'string') throw new ConfigProblem(base);
    const token = text(input.credential, 'jira_api_token');
    if (!token) throw new ConfigProblem('The credential has no jira_api_token');
    const email = text(input.credential, 'jira_user_email');
    const cloud = email !== undefined;
    const headers = { authorization: cloud ? basicAuth(email, token) : `Bearer ${token}` };
    const blacklist = new Set(
      (Array.isArray(config.comment_email_blacklist) ? config.comment_email_blacklist : []).map(
        (address) => String(address).toLowerCase(),
      ),
    );
    const jql = jqlOf(config, input.since, input.until);
    const size = pageSize(input.batchSize, JIRA_PAGE_MAX);
    const site = base.href.replace(/\/+$/, '');
    let cursor = input.checkpoint ?? {};

    for (;;) {
      const url = under(base, cloud ? '/rest/api/3/search/jql' : '/rest/api/2/search');
      url.searchParams.set('jql', jql);
      url.searchParams.set('maxResults', String(size));
      url.searchParams.set('fields', FIELDS);
      if (blacklist.size > 0) url.searchParams.set('expand', 'changelog');
      if (cloud && typeof cursor.nextPageToken === 'string') {
        url.searchParams.set('nextPageToken', cursor.nextPageToken);
      }
      const startAt = typeof cursor.startAt === 'number' ? cursor.startAt : 0;
      if (!cloud) url.searchParams.set('startAt', String(startAt));
      const { body } = await input.http.json<JiraPage>(url, { headers });
      const issues = Array.isArray(body.issues) ? body.issues : [];

      const documents: SourceDocument[] = [];
      for (const issue of issues) {
        if (typeof issue?.key !== 'string') continue;
        const updated = changedAt(issue, blacklist);
        // Changed in the window only by a blacklisted address: the document is as it was.
        if (input.since && updated && updated < input.since.toISOString()) continue;
        const link = `${site}/browse/${encodeURIComponent(issue.key)}`;
        documents.push({
          document_id: link,
          semantic_identifier: `${issue.key}: ${issue.fields?.summary ?? ''}`.trim(),
          link,
          updated_at: updated,
        });
      }
      const done = cloud
        ? !body.nextPageToken || body.isLast === true || issues.length === 0
        : issues.length === 0 || startAt + issues.length >= (body.total ?? 0);
      cursor = cloud ? { nextPageToken: body.nextPageToken } : { startAt: startAt + issues.length };
      yield { documents, failures: [], checkpoint: done ? null : cursor };
      if (done) return;
    }
  },
};
