// The object stores (Amazon S3, Cloudflare R2, Google Cloud Storage with an
// HMAC key, OCI Object Storage's S3-compatible API): one ListObjectsV2 of at
// most one key in the bucket (and under the prefix, when given), signed with
// AWS Signature V4 as each store's S3 API takes it. It only reads, and lists
// one name at most. The secret is never sent: only the signature it makes.
// Signed by `aws4` (a small, dependency-free, long-kept signer) rather than by
// hand. The buckets are addressed path-style, on each store's fixed host
// (hosts.ts): S3's region, R2's account, OCI's namespace and region in it.
import aws4 from 'aws4';
import type { ConnectionCheck } from '../../src/contract/connectionTest';
import type { DocumentSource } from '../../src/contract/contract';
import { segment, text, type CheckInput, type SourceChecks } from './common';
import type { FixedHostSource } from './hosts';
import { failed } from './run';

/** One DNS label: a region, an account, a namespace; anything else could name another host. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

interface Store {
  service: string;
  host: FixedHostSource;
  keys: { id: string; secret: string };
  /** The host's `{subdomain}` and `{region}` and the signing region, or why they cannot be used. */
  place: (input: CheckInput) => { subdomain?: string; region: string } | string;
  /** Whether the host names the credential's account (masked in answers, D6). */
  accountHost: boolean;
  /** Where listing the bucket is granted (AccessDenied). */
  grant: string;
  /** What to check when the bucket is in another place (a redirect, a wrong region). */
  elsewhere: string;
}

const isLabel = (value: string | undefined): value is string =>
  value !== undefined && LABEL.test(value);

const STORES: Partial<Record<DocumentSource, Store>> = {
  s3: {
    service: 'Amazon S3',
    host: 's3',
    keys: { id: 'aws_access_key_id', secret: 'aws_secret_access_key' },
    place: ({ config }) => {
      const region = text(config, 'region_name') ?? 'us-east-1';
      return isLabel(region)
        ? { subdomain: region, region }
        : 'region_name is not a region such as us-east-1';
    },
    accountHost: false,
    grant:
      'give the key’s IAM user the s3:ListBucket permission on the bucket (and s3:GetObject to index it)',
    elsewhere: 'set region_name to the bucket’s region',
  },
  r2: {
    service: 'Cloudflare R2',
    host: 'r2',
    keys: { id: 'r2_access_key_id', secret: 'r2_secret_access_key' },
    place: ({ config, credential }) => {
      const account = text(credential, 'account_id');
      if (!isLabel(account)) return "The credential's account_id is not an account ID";
      // EU residency buckets live under the account's `.eu` jurisdiction host.
      const subdomain = config.european_residency === true ? `${account}.eu` : account;
      return { subdomain, region: 'auto' };
    },
    accountHost: true,
    grant: 'make the R2 API token with the Object Read permission, for this bucket',
    elsewhere: 'check european_residency and the account ID',
  },
  google_cloud_storage: {
    service: 'Google Cloud Storage',
    host: 'google_cloud_storage',
    keys: { id: 'access_key_id', secret: 'secret_access_key' },
    place: () => ({ region: 'auto' }),
    accountHost: false,
    grant: 'give the HMAC key’s service account the Storage Object Viewer role on the bucket',
    elsewhere: 'check bucket_name',
  },
  oci_storage: {
    service: 'OCI Object Storage',
    host: 'oci_storage',
    keys: { id: 'access_key_id', secret: 'secret_access_key' },
    place: ({ credential }) => {
      const namespace = text(credential, 'namespace');
      const region = text(credential, 'region');
      if (!isLabel(namespace))
        return "The credential's namespace is not a namespace such as axaxnpcrorw5";
      if (!isLabel(region)) return "The credential's region is not a region such as us-ashburn-1";
      return { subdomain: namespace, region };
    },
    accountHost: true,
    grant:
      'give the user’s group a policy that may read the bucket’s objects (Allow group … to read objects in compartment …)',
    elsewhere: 'check the namespace and region',
  },
};

/** The store's refusal, by its S3 error code, in words with the fix. */
function refusal(store: Store, status: number, body: string | undefined, bucket: string): string {
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(body ?? '')?.[1];
  const { service } = store;
  const said = code ? `${status}, ${code}` : `${status}`;
  if (code === 'InvalidAccessKeyId' || status === 401) {
    return `${service} does not know the access key ID (${said}): it was deleted, deactivated or mistyped — make a new key and save it in the credential`;
  }
  if (code === 'SignatureDoesNotMatch') {
    return `${service} refused the secret access key (${said}): it does not belong to the key ID — copy it again, or make a new key`;
  }
  if (code === 'NoSuchBucket') {
    return `${service} has no bucket “${bucket}” (${said}): check bucket_name`;
  }
  if (
    code === 'PermanentRedirect' ||
    code === 'AuthorizationHeaderMalformed' ||
    (status >= 300 && status < 400)
  ) {
    return `${service} says the bucket is elsewhere (${said}): ${store.elsewhere}`;
  }
  if (status === 403) return `${service} refused to list the bucket (${said}): ${store.grant}`;
  if (status === 404) return `${service} has no such page (${said}): the address is wrong`;
  if (status === 429 || code === 'SlowDown') {
    return `${service} asked to slow down (${said}): try again in a minute`;
  }
  if (status >= 500) return `${service} failed with a server error (${status}): try again later`;
  return `${service} answered ${said}, not 200`;
}

const storeChecks =
  (store: Store): SourceChecks =>
  async (input): Promise<ConnectionCheck[]> => {
    const { config, credential, hosts, run } = input;
    const name = `${store.service} bucket`;
    const bucket = text(config, 'bucket_name');
    if (!bucket) return [failed(name, 'No bucket_name is given')];
    const bucketPath = segment(bucket);
    if (bucketPath === null) return [failed(name, 'The bucket name cannot be part of an address')];
    const accessKeyId = text(credential, store.keys.id);
    const secretAccessKey = text(credential, store.keys.secret);
    if (!accessKeyId || !secretAccessKey) {
      return [failed(name, `The credential needs ${store.keys.id} and ${store.keys.secret}`)];
    }
    const place = store.place(input);
    if (typeof place === 'string') return [failed(name, place)];
    const root = new URL(
      hosts[store.host]
        .replace('{subdomain}', place.subdomain ?? '')
        .replace('{region}', place.region),
    );
    const query = new URLSearchParams({ 'list-type': '2', 'max-keys': '1' });
    const prefix = text(config, 'prefix');
    if (prefix) query.set('prefix', prefix);
    const path = `${root.pathname.replace(/\/+$/, '')}/${bucketPath}?${query.toString().replace(/\+/g, '%20')}`;
    const signed = aws4.sign(
      { host: root.host, path, method: 'GET', service: 's3', region: place.region, headers: {} },
      { accessKeyId, secretAccessKey },
    );
    const headers = Object.fromEntries(
      Object.entries(signed.headers ?? {})
        .filter(([key]) => key.toLowerCase() !== 'host')
        .map(([key, value]) => [key, String(value)]),
    );
    const target = {
      service: store.service,
      where: store.accountHost ? `the ${store.service} account of the credential` : root.host,
    };
    return [
      await run.check(name, target, async (call) => {
        const answer = await call({ url: new URL(`${root.origin}${path}`), headers, text: true });
        if (answer.status === 200 && answer.text?.includes('<ListBucketResult')) {
          return { ok: true, message: `${store.service} let the key list the bucket (200)` };
        }
        if (answer.status === 200) {
          return {
            ok: false,
            message: `${store.service} answered 200, but not with a bucket listing: the address is wrong`,
          };
        }
        return { ok: false, message: refusal(store, answer.status, answer.text, bucket) };
      }),
    ];
  };

export const OBJECT_STORE_CHECKS: Partial<Record<DocumentSource, SourceChecks>> =
  Object.fromEntries(Object.entries(STORES).map(([source, store]) => [source, storeChecks(store)]));
