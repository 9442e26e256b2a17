// POST /manage/admin/connector/test for the object stores
// (server/connectionCheck/objectStores.ts): Amazon S3, Cloudflare R2, Google
// Cloud Storage (HMAC) and OCI Object Storage, against a fake S3 API on
// 127.0.0.1 that checks each request's AWS Signature V4 (the key, the secret,
// the store's signing region) as the stores do, and answers their XML errors.
// A good key lists the bucket; a deleted key (InvalidAccessKeyId, the stores'
// 401), a wrong secret, a key without the permission (AccessDenied) and a
// wrong bucket (NoSuchBucket, 404) each fail in their own words. One
// ListObjectsV2 of one key is all that is sent; the secret never is.
import type http from 'node:http';
import aws4 from 'aws4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionTestResultSchema } from '../../src/contract/connectionTest';
import { startTestServer, type TestServer } from '../support/harness';
import { api, snapshotDb } from '../support/http';
import { startStandIn, type Route, type StandIn } from '../support/standIns';

const KEY_ID = 'AKIAGOODKEY0123456';
const SECRET = 'good-secret-access-key/0123456789';

function sendXml(response: http.ServerResponse, status: number, code: string) {
  response
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>m</Message></Error>`,
    );
}

/** A bucket of the fake: signed for `region` with the good key, it lists; `locked` is not the key's. */
const bucket =
  (region: string, kind: 'ok' | 'locked' | 'gone' = 'ok'): Route =>
  (request, response) => {
    const authorization = request.headers.authorization ?? '';
    const keyId = /Credential=([^/]+)\//.exec(authorization)?.[1];
    if (keyId !== KEY_ID) return sendXml(response, 403, 'InvalidAccessKeyId');
    const expected = aws4.sign(
      {
        host: request.headers.host,
        path: request.url,
        method: 'GET',
        service: 's3',
        region,
        headers: {
          'X-Amz-Date': request.headers['x-amz-date'] as string,
          'X-Amz-Content-Sha256': request.headers['x-amz-content-sha256'] as string,
        },
      },
      { accessKeyId: KEY_ID, secretAccessKey: SECRET },
    );
    if (expected.headers?.Authorization !== authorization) {
      return sendXml(response, 403, 'SignatureDoesNotMatch');
    }
    if (kind === 'locked') return sendXml(response, 403, 'AccessDenied');
    if (kind === 'gone') return sendXml(response, 404, 'NoSuchBucket');
    response
      .writeHead(200, { 'content-type': 'application/xml' })
      .end(
        '<?xml version="1.0"?><ListBucketResult><Name>docs</Name><KeyCount>1</KeyCount></ListBucketResult>',
      );
  };

interface Row {
  source: string;
  /** Where the fake serves this store's buckets, and the region it must be signed for. */
  under: string;
  region: string;
  credential: (id: string, secret: string) => Record<string, string>;
  config?: Record<string, unknown>;
  grant: RegExp;
}

const ROWS: Row[] = [
  {
    source: 's3',
    under: '/s3/eu-west-1',
    region: 'eu-west-1',
    credential: (id, secret) => ({
      authentication_method: 'access_key',
      aws_access_key_id: id,
      aws_secret_access_key: secret,
    }),
    config: { region_name: 'eu-west-1' },
    grant: /give the key’s IAM user the s3:ListBucket permission/,
  },
  {
    source: 'r2',
    under: '/r2/acct0123.eu',
    region: 'auto',
    credential: (id, secret) => ({
      account_id: 'acct0123',
      r2_access_key_id: id,
      r2_secret_access_key: secret,
    }),
    config: { european_residency: true },
    grant: /make the R2 API token with the Object Read permission/,
  },
  {
    source: 'google_cloud_storage',
    under: '/gcs',
    region: 'auto',
    credential: (id, secret) => ({ access_key_id: id, secret_access_key: secret }),
    grant: /Storage Object Viewer role/,
  },
  {
    source: 'oci_storage',
    under: '/oci/acmens/us-ashburn-1',
    region: 'us-ashburn-1',
    credential: (id, secret) => ({
      namespace: 'acmens',
      region: 'us-ashburn-1',
      access_key_id: id,
      secret_access_key: secret,
    }),
    grant: /give the user’s group a policy that may read the bucket’s objects/,
  },
];

let stores: StandIn;
let server: TestServer;
beforeAll(async () => {
  stores = await startStandIn(
    Object.fromEntries(
      ROWS.flatMap((row) => [
        [`GET ${row.under}/docs`, bucket(row.region)],
        [`GET ${row.under}/locked`, bucket(row.region, 'locked')],
        [`GET ${row.under}/gone`, bucket(row.region, 'gone')],
      ]),
    ),
  );
  const at = stores.origin;
  server = await startTestServer({
    connectionTest: {
      limit: null,
      hosts: {
        s3: `${at}/s3/{subdomain}`,
        r2: `${at}/r2/{subdomain}`,
        google_cloud_storage: `${at}/gcs`,
        oci_storage: `${at}/oci/{subdomain}/{region}`,
      },
    },
  });
});
afterAll(async () => {
  await server.close();
  await stores.close();
});

async function check(row: Row, bucketName: string, id = KEY_ID, secret = SECRET) {
  const response = await api(server, 'POST', '/manage/admin/connector/test', {
    body: {
      source: row.source,
      connector_specific_config: { bucket_name: bucketName, prefix: 'handbook/', ...row.config },
      credential_json: row.credential(id, secret),
    },
  });
  expect(response.status, response.text).toBe(200);
  expect(response.text).not.toContain(secret);
  return connectionTestResultSchema.parse(response.json);
}

describe.each(ROWS)('$source', (row) => {
  it('a good key lists one key of the bucket under the prefix, signed for its region; nothing is stored', async () => {
    const before = await snapshotDb(server);
    const seen = stores.seen.length;
    const result = await check(row, 'docs');
    expect(result.ok, result.checks[0]!.message).toBe(true);
    expect(result.checks[0]!.message).toMatch(/let the key list the bucket \(200\)$/);
    expect(stores.seen.slice(seen).map((s) => `${s.method} ${s.url}`)).toEqual([
      `GET ${row.under}/docs?list-type=2&max-keys=1&prefix=handbook%2F`,
    ]);
    expect(stores.seen.at(-1)!.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${KEY_ID}/\\d{8}/${row.region}/s3/aws4_request`),
    );
    expect(await snapshotDb(server)).toEqual(before);
  });

  it('a deleted key (InvalidAccessKeyId) says to make a new one', async () => {
    const result = await check(row, 'docs', 'AKIADELETED0123456');
    expect(result.ok).toBe(false);
    expect(result.checks[0]!.message).toMatch(
      /does not know the access key ID \(403, InvalidAccessKeyId\): .*make a new key/,
    );
  });

  it('a wrong secret (SignatureDoesNotMatch) says to copy it again', async () => {
    const result = await check(row, 'docs', KEY_ID, 'not-the-secret/0123456789');
    expect(result.checks[0]!.message).toMatch(
      /refused the secret access key \(403, SignatureDoesNotMatch\): .*copy it again/,
    );
  });

  it('a key without the permission (AccessDenied) says where it is granted', async () => {
    const result = await check(row, 'locked');
    expect(result.checks[0]!.message).toMatch(/refused to list the bucket \(403, AccessDenied\): /);
    expect(result.checks[0]!.message).toMatch(row.grant);
  });

  it('a wrong bucket (NoSuchBucket, 404) says to check bucket_name', async () => {
    const result = await check(row, 'gone');
    expect(result.checks[0]!.message).toMatch(
      /has no bucket “gone” \(404, NoSuchBucket\): check bucket_name/,
    );
  });
});

it('R2: an account ID that could name another host is refused before anything is sent', async () => {
  const seen = stores.seen.length;
  const response = await api(server, 'POST', '/manage/admin/connector/test', {
    body: {
      source: 'r2',
      connector_specific_config: { bucket_name: 'docs' },
      credential_json: {
        account_id: 'evil.example#',
        r2_access_key_id: KEY_ID,
        r2_secret_access_key: SECRET,
      },
    },
  });
  const result = connectionTestResultSchema.parse(response.json);
  expect(result.checks[0]).toMatchObject({
    ok: false,
    message: "The credential's account_id is not an account ID",
  });
  expect(stores.seen.length).toBe(seen);
});
