// A fake Jira: Cloud's /rest/api/3/search/jql (paged by nextPageToken, Basic
// e-mail:token) and Server's /rest/api/2/search (paged by startAt, Bearer), the
// JQL the worker writes (project, updated >=, updated <=), comments with their
// authors' addresses and the changelog when asked.
import { basic, minuteDate, startFake, type FakeServer } from './fakeServer';

export interface FakeIssue {
  key: string;
  summary: string;
  created: Date;
  updated: Date;
  comments?: { email: string; at: Date }[];
  /** Changes other than comments (the changelog's histories). */
  changes?: Date[];
}

export interface FakeJira extends FakeServer {
  issues: FakeIssue[];
  revoked: boolean;
}

const CLAUSE = /^(project|updated|created)\s*(=|>=|<=)\s*"([^"]*)"$/;

function matcher(jql: string): ((issue: FakeIssue) => boolean) | null {
  const where = jql.replace(/\s+ORDER BY.*$/i, '');
  const tests: ((issue: FakeIssue) => boolean)[] = [];
  for (const clause of where.split(/\s+AND\s+/)) {
    const match = CLAUSE.exec(clause.trim().replace(/^\((.*)\)$/, '$1'));
    if (!match) return null;
    const [, field, op, value] = match as unknown as [string, string, string, string];
    if (field === 'project') tests.push((issue) => issue.key.startsWith(`${value}-`));
    else {
      const moment = minuteDate(value).getTime();
      tests.push((issue) => {
        const at = (field === 'updated' ? issue.updated : issue.created).getTime();
        return op === '>=' ? at >= moment : at <= moment;
      });
    }
  }
  return (issue) => tests.every((test) => test(issue));
}

export async function startFakeJira(options: {
  email?: string;
  token: string;
  issues: FakeIssue[];
}): Promise<FakeJira> {
  // The handler reads the fake's own fields, so a test changes the issues or revokes the token.
  const state = { issues: options.issues, revoked: false } as FakeJira;
  const authorized = (header: string | undefined) =>
    !state.revoked &&
    (header === basic(options.email ?? '', options.token) || header === `Bearer ${options.token}`);
  const fake = await startFake((request, url) => {
    const cloud = url.pathname === '/rest/api/3/search/jql';
    if (!cloud && url.pathname !== '/rest/api/2/search') return { status: 404, body: {} };
    if (!authorized(request.headers.authorization)) {
      return {
        status: 401,
        body: { errorMessages: ['Client must be authenticated to access this resource.'] },
      };
    }
    const test = matcher(url.searchParams.get('jql') ?? '');
    if (!test) return { status: 400, body: { errorMessages: ['The JQL could not be parsed'] } };
    const all = state.issues
      .filter(test)
      .sort((a, b) => a.created.getTime() - b.created.getTime() || a.key.localeCompare(b.key));
    const size = Math.min(100, Number(url.searchParams.get('maxResults') ?? 50));
    const token = url.searchParams.get('nextPageToken');
    const start = cloud
      ? token
        ? Number(Buffer.from(token, 'base64').toString())
        : 0
      : Number(url.searchParams.get('startAt') ?? 0);
    const changelog = url.searchParams.get('expand') === 'changelog';
    const issues = all.slice(start, start + size).map((issue) => ({
      key: issue.key,
      fields: {
        summary: issue.summary,
        created: issue.created.toISOString().replace('Z', '+0000'),
        updated: issue.updated.toISOString().replace('Z', '+0000'),
        comment: {
          comments: (issue.comments ?? []).map((comment) => ({
            author: { emailAddress: comment.email },
            created: comment.at.toISOString(),
            updated: comment.at.toISOString(),
          })),
        },
      },
      ...(changelog
        ? {
            changelog: {
              histories: (issue.changes ?? []).map((at) => ({ created: at.toISOString() })),
            },
          }
        : {}),
    }));
    const next = start + size;
    return {
      body: cloud
        ? {
            issues,
            ...(next < all.length
              ? { nextPageToken: Buffer.from(String(next)).toString('base64'), isLast: false }
              : { isLast: true }),
          }
        : { startAt: start, maxResults: size, total: all.length, issues },
    };
  });
  return Object.assign(state, fake);
}

/** `count` issues of project `project`, created a minute apart from `from`. */
export function manyIssues(
  project: string,
  count: number,
  from = new Date('2026-01-01T00:00:00Z'),
) {
  return Array.from({ length: count }, (_, index): FakeIssue => {
    const at = new Date(from.getTime() + index * 60_000);
    return {
      key: `${project}-${index + 1}`,
      summary: `Issue number ${index + 1}`,
      created: at,
      updated: at,
    };
  });
}
