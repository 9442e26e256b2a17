// The File source's upload (Onyx's POST /manage/admin/connector/file/upload):
// multipart files streamed to the upload folder, answered as the locations a
// File connector's config names; limits of the contract (D11's 413), kinds of
// file refused in D3's 422 at their place, curators and admins only (D2, D13),
// and nothing left behind by a refused upload.
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FILE_UPLOAD_BODY_LIMIT,
  FILE_UPLOAD_LIMITS,
  FILE_UPLOAD_PATH,
  fileTooLarge,
  TOO_MANY_FILES,
  UNCLAIMED_UPLOAD_HOURS,
} from '../../src/contract/fileUpload';
import { sweepUploads } from '../../server/watch/uploadSweep';
import { api, createConnector, makeGroup, NOT_CURATOR, plainRequest } from '../support/http';
import { useTestServer } from '../support/useTestServer';

const uploadDir = mkdtempSync(join(tmpdir(), 'sourcedesk-upload-test-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));
const server = useTestServer({ uploadDir });

const stored = () => readdirSync(uploadDir).sort();

function form(...files: [name: string, content: string | Uint8Array<ArrayBuffer>][]): FormData {
  const body = new FormData();
  for (const [name, content] of files) body.append('files', new Blob([content]), name);
  return body;
}

const upload = (body: FormData, key?: string | null) =>
  api(server, 'POST', FILE_UPLOAD_PATH, { form: body, key });

describe('uploading files', () => {
  it('keeps each file in the upload folder and answers its location and name, as Onyx does', async () => {
    const before = stored();
    const answer = await upload(form(['policy.md', '# Leave\n'], ['notes.txt', 'hello']));
    expect(answer.status, answer.text).toBe(200);
    const body = answer.json as { file_paths: string[]; file_names: string[] };
    expect(body).toEqual({
      file_paths: [expect.any(String), expect.any(String)],
      file_names: ['policy.md', 'notes.txt'],
      zip_metadata_file_id: null,
    });
    expect(stored()).toEqual([...before, ...body.file_paths].sort());
    expect(readFileSync(join(uploadDir, body.file_paths[0]!), 'utf8')).toBe('# Leave\n');

    // The answer is what a File connector's config names.
    const made = await api(server, 'POST', '/manage/admin/connector', {
      body: {
        name: 'Uploaded handbook',
        source: 'file',
        input_type: 'load_state',
        connector_specific_config: { file_locations: body.file_paths, file_names: body.file_names },
      },
    });
    expect(made.status, made.text).toBe(200);
  });

  it('keeps a sent path only as a safe name: the file is stored under a name of its own', async () => {
    const before = stored();
    const answer = await upload(form(['../../etc/pass\u0007wd.txt', 'x'], ['C:\\dir\\a.pdf', 'y']));
    expect(answer.status, answer.text).toBe(200);
    const body = answer.json as { file_paths: string[]; file_names: string[] };
    expect(body.file_names).toEqual(['passwd.txt', 'a.pdf']);
    for (const path of body.file_paths) expect(path).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored()).toEqual([...before, ...body.file_paths].sort());
  });

  it('is for curators and admins (D2): a basic user is refused and nothing is kept', async () => {
    const before = stored();
    const basic = await upload(form(['a.txt', 'x']), await server.keyFor('basic'));
    expect(basic.status).toBe(403);
    expect(basic.json).toEqual(NOT_CURATOR);
    const none = await upload(form(['a.txt', 'x']), null);
    expect(none.status).toBe(401);
    const curator = await upload(form(['a.txt', 'x']), await server.keyFor('curator'));
    expect(curator.status, curator.text).toBe(200);
    expect(stored()).toHaveLength(before.length + 1);
  });
});

describe('a refused upload leaves nothing behind', () => {
  it('refuses a kind of file the source does not read, at its place in the list (D3)', async () => {
    const before = stored();
    const answer = await upload(form(['ok.txt', 'x'], ['run.exe', 'MZ'], ['img.iso', 'y']));
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      detail: [
        {
          loc: ['body', 'files', 1],
          msg: expect.stringContaining('"run.exe"'),
          type: 'value_error',
        },
        {
          loc: ['body', 'files', 2],
          msg: expect.stringContaining('"img.iso"'),
          type: 'value_error',
        },
      ],
    });
    expect(stored()).toEqual(before);
  });

  it('refuses a file over the limit with 413 naming it, the files before it not kept (D11)', async () => {
    const before = stored();
    const big = new Uint8Array(FILE_UPLOAD_LIMITS.maxFileBytes + 1);
    const answer = await upload(form(['first.txt', 'kept?'], ['huge.pdf', big]));
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({ detail: fileTooLarge('huge.pdf') });
    expect(stored()).toEqual(before);
  });

  it('refuses more files than the limit at once with 413', async () => {
    const before = stored();
    const many = Array.from(
      { length: FILE_UPLOAD_LIMITS.maxFiles + 1 },
      (_, i): [string, string] => [`f${i}.txt`, 'x'],
    );
    const answer = await upload(form(...many));
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({ detail: TOO_MANY_FILES });
    expect(stored()).toEqual(before);
  });

  it('no file is a 422 naming the field; a JSON body is 415 (D3)', async () => {
    const empty = await upload(new FormData());
    expect(empty.status).toBe(422);
    expect(empty.json).toEqual({
      detail: [{ loc: ['body', 'files'], msg: 'Field required', type: 'missing' }],
    });
    const json = await api(server, 'POST', FILE_UPLOAD_PATH, { body: { files: [] } });
    expect(json.status).toBe(415);
  });

  it('a Content-Length over the whole limit is refused before the body is read (D11)', async () => {
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const sent = request(
        `${server.apiUrl}${FILE_UPLOAD_PATH}`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${server.adminKey}`,
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(FILE_UPLOAD_BODY_LIMIT + 1),
          },
        },
        (reply) => {
          let text = '';
          reply.on('data', (chunk: Buffer) => (text += chunk.toString()));
          reply.on('end', () => resolve({ status: reply.statusCode!, text }));
        },
      );
      sent.on('error', reject);
      sent.write('--x\r\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ detail: expect.stringContaining('too large') });
  });
});

/** A File connector naming the files of one upload, attached private to a new group; its id. */
async function fileConnector(name: string, files: [string, string][]) {
  const answer = await upload(form(...files));
  expect(answer.status, answer.text).toBe(200);
  const { file_paths, file_names } = answer.json as { file_paths: string[]; file_names: string[] };
  const id = await createConnector(server, {
    name,
    source: 'file',
    input_type: 'load_state',
    connector_specific_config: { file_locations: file_paths, file_names },
  });
  const group = await makeGroup(server, `${name} team`);
  const attached = await api(server, 'PUT', `/manage/admin/connector/${id}/credential/0`, {
    body: { access_type: 'private', groups: [group] },
  });
  expect(attached.status, attached.text).toBe(200);
  return { id, file_paths };
}

describe("a connector's files", () => {
  it('lists each file with its name, size and upload time; a file not kept here has no size', async () => {
    const { id, file_paths } = await fileConnector('Handbook files', [
      ['policy.md', '# Leave\n'],
      ['notes.txt', 'hello'],
    ]);
    const listed = await api(server, 'GET', `/manage/admin/connector/${id}/files`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json).toEqual({
      files: [
        {
          file_id: file_paths[0],
          file_name: 'policy.md',
          size_bytes: 8,
          upload_date: expect.any(String),
        },
        {
          file_id: file_paths[1],
          file_name: 'notes.txt',
          size_bytes: 5,
          upload_date: expect.any(String),
        },
      ],
    });

    // Gone from the folder (removed by hand, or a setup from another install): said, not hidden.
    rmSync(join(uploadDir, file_paths[1]!));
    const after = (await api(server, 'GET', `/manage/admin/connector/${id}/files`)).json as {
      files: { file_name: string; size_bytes: number | null; upload_date: string | null }[];
    };
    expect(after.files[1]).toMatchObject({
      file_name: 'notes.txt',
      size_bytes: null,
      upload_date: null,
    });
  });

  it('to whoever sees the connector (D13): a curator of no group of it gets a 404, a source without files an empty list', async () => {
    const { id } = await fileConnector('Legal files', [['terms.md', 'terms']]);
    const outsider = await server.keyFor('curator', 'outsider@example.com');
    const hidden = await api(server, 'GET', `/manage/admin/connector/${id}/files`, {
      key: outsider,
    });
    expect(hidden.status).toBe(404);
    expect(hidden.json).toEqual({ detail: 'Connector not found' });
    const basic = await server.keyFor('basic', 'reader@example.com');
    expect(
      (await api(server, 'GET', `/manage/admin/connector/${id}/files`, { key: basic })).status,
    ).toBe(403);

    const web = await createConnector(server, { ...plainRequest('web'), name: 'Docs site' });
    expect((await api(server, 'GET', `/manage/admin/connector/${web}/files`)).json).toEqual({
      files: [],
    });
  });

  it('an upload no connector names is removed after a day; the files a connector names stay', async () => {
    const { file_paths: kept } = await fileConnector('Kept files', [['kept.md', 'kept']]);
    const unclaimed = await upload(form(['draft.md', 'draft']));
    const [draft] = (unclaimed.json as { file_paths: string[] }).file_paths;
    const log = { info: () => {} } as never;

    // Within the day: nothing goes.
    await sweepUploads(server.store, { dir: uploadDir }, log);
    expect(stored()).toContain(draft);

    const dayAgo = new Date(Date.now() - (UNCLAIMED_UPLOAD_HOURS + 1) * 3_600_000);
    for (const file of [draft!, kept[0]!]) utimesSync(join(uploadDir, file), dayAgo, dayAgo);
    await sweepUploads(server.store, { dir: uploadDir }, log);
    expect(stored()).not.toContain(draft);
    expect(stored()).toContain(kept[0]);
  });
});
