// docs/api.md says its table ("The API in brief") lists every endpoint: this
// holds it to the declarations (src/contract/endpoints/), so an endpoint added
// without its row, or a row left after its endpoint went, fails here with the
// exact line to add or remove.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/contract/endpoint';
import { ALL_ENDPOINTS } from '../../src/contract/endpoints/all';

const API_MD = new URL('../../docs/api.md', import.meta.url);
const HEADER = '| Endpoint | Who | Answer |';

/** The words docs/api.md uses for who may call an endpoint. */
const WHO: Record<Endpoint['access'], string> = {
  public: 'anyone',
  anyRole: 'any role',
  curatorOrAdmin: 'admin, curator, global_curator',
  admin: 'admin',
  worker: 'a worker key',
};

/** `GET /a/{id}/b[?x=]` and `GET /a/{connector_id}/b` name the same endpoint: `GET /a/{}/b`. */
export function endpointKey(method: string, path: string): string {
  const bare = path.split(/\[?\?/)[0] ?? path;
  return `${method.toUpperCase()} ${bare.replace(/\{[^}]*\}/g, '{}')}`;
}

/** The table's rows: line number and the endpoint of its first cell. */
export function tableRows(markdown: string): { line: number; key: string; text: string }[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(HEADER);
  if (start < 0) throw new Error(`docs/api.md has no table headed "${HEADER}"`);
  const rows = [];
  for (let index = start + 2; index < lines.length && lines[index]!.startsWith('|'); index++) {
    const text = lines[index]!;
    const cell = /^\|\s*`([A-Z]+) ([^`]+)`/.exec(text);
    if (!cell)
      throw new Error(
        `docs/api.md:${index + 1}: a row whose first cell is not \`METHOD /path\`: ${text}`,
      );
    rows.push({ line: index + 1, key: endpointKey(cell[1]!, cell[2]!), text });
  }
  return rows;
}

describe("docs/api.md's endpoint table", () => {
  const rows = tableRows(readFileSync(API_MD, 'utf8'));

  it('lists every declared endpoint', () => {
    const listed = new Set(rows.map((row) => row.key));
    const missing = ALL_ENDPOINTS.filter(
      (endpoint) => !listed.has(endpointKey(endpoint.method, endpoint.path)),
    ).map(
      (endpoint) =>
        `| \`${endpoint.method} ${endpoint.path}\` | ${WHO[endpoint.access]} | ${endpoint.summary} |`,
    );
    expect(
      missing,
      `docs/api.md's table ("The API in brief") lacks ${missing.length} declared endpoint(s); add these rows to it (then say more in the answer's cell):\n${missing.join('\n')}\n`,
    ).toEqual([]);
  });

  it('lists nothing that is not declared, and nothing twice', () => {
    const declared = new Set(
      ALL_ENDPOINTS.map((endpoint) => endpointKey(endpoint.method, endpoint.path)),
    );
    const seen = new Set<string>();
    const wrong = rows
      .filter((row) => {
        const bad = !declared.has(row.key) || seen.has(row.key);
        seen.add(row.key);
        return bad;
      })
      .map((row) => `docs/api.md:${row.line}: ${row.text}`);
    expect(
      wrong,
      `docs/api.md's table lists endpoint(s) that are not declared in src/contract/endpoints/ (or lists one twice); remove or correct these rows:\n${wrong.join('\n')}\n`,
    ).toEqual([]);
  });
});
