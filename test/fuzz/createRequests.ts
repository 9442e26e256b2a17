// POST /manage/admin/connector, broken (D4): every request below is refused.
import fc from 'fast-check';
import { CURATOR_OR_ADMIN_ROLES, DOCUMENT_SOURCES, INPUT_TYPES } from '../../src/contract/contract';
import { isCatalogueSource } from '../../src/contract/sources/catalogue';
import { minimalConfig } from '../support/sourceConfigs';
import { brokenObject, objectContent, sent, wholeBodyBreakers } from './bodies';
import { fieldBreakers } from './connectorBreakers';
import { someAuth, withBody, type Fixture } from './fuzzRequest';
import { nastyString, notA } from './nasty';

const FIELDS = [
  'name',
  'source',
  'input_type',
  'access_type',
  'connector_specific_config',
  'refresh_freq',
  'prune_freq',
  'indexing_start',
  'groups',
];
const PATH = '/manage/admin/connector';

/** Text that is well-formed UTF-16 (no lone surrogate): D4 stores names as sent. */
const wellFormed = (text: string) =>
  (text as unknown as { isWellFormed(): boolean }).isWellFormed();
const validName = nastyString(60)
  .filter(wellFormed)
  .map((text) => `N${text}N`);
/** D4 keeps config numbers as sent: JSON values without -0 or integers past 2^53. */
const keepable = (value: unknown): boolean =>
  typeof value === 'number'
    ? !Object.is(value, -0) && (!Number.isInteger(value) || Number.isSafeInteger(value))
    : value !== null && typeof value === 'object'
      ? Object.values(value).every(keepable)
      : true;
const freeFormConfig = fc.dictionary(
  nastyString(10).filter((key) => key !== '__proto__'),
  fc.jsonValue({ maxDepth: 3 }).filter(keepable),
  { maxKeys: 4 },
);
const jiraConfig = fc.record(
  {
    jira_base_url: fc.constantFrom('https://acme.atlassian.net', 'http://jira.local:8080/x?y=1'),
    project_key: fc.option(fc.stringMatching(/^[A-Z][A-Z0-9_]{0,10}$/)),
    comment_email_blacklist: fc.option(
      fc.array(fc.constantFrom('a@b.co', 'no.reply@acme.example')),
    ),
  },
  { requiredKeys: ['jira_base_url'] },
);
const optionalFields = {
  access_type: fc.constantFrom('PUBLIC', 'private', 'Sync'),
  refresh_freq: fc.option(fc.integer({ min: 60, max: 10 ** 9 })),
  prune_freq: fc.option(fc.integer({ min: 300, max: 10 ** 9 })),
  indexing_start: fc.option(fc.constantFrom('2026-01-31T09:00:00Z', '2026-01-31 09:00')),
  groups: fc.option(fc.array(fc.integer(), { maxLength: 3 })),
};
const baseOf = (source: fc.Arbitrary<string>, config: fc.Arbitrary<object>) =>
  fc.record(
    {
      name: validName,
      source,
      input_type: fc.constantFrom(...INPUT_TYPES),
      connector_specific_config: config,
      ...optionalFields,
    },
    { requiredKeys: ['name', 'source', 'input_type', 'connector_specific_config'] },
  );
const jiraBase = baseOf(fc.constant('jira'), jiraConfig);
// Sources outside the catalogue keep D4's rule: any JSON object is a config.
const otherBase = baseOf(
  fc.constantFrom(...DOCUMENT_SOURCES.filter((source) => !isCatalogueSource(source))),
  freeFormConfig,
);

/** D4 Jira config rules: each breaks the config of a Jira body. */
const jiraBreakers = fc.oneof(
  fieldBreakers,
  fc
    .oneof(
      fc.constant<[string, unknown]>(['jira_base_url', undefined]),
      notA('string').map((v): [string, unknown] => ['jira_base_url', v]),
      fc
        .constantFrom(
          'javascript:alert(1)',
          'ftp://x.example',
          'not a url',
          '',
          'file:///etc/passwd',
          'http://',
          '//x.example',
          'mailto:a@b.co',
        )
        .map((v): [string, unknown] => ['jira_base_url', v]),
      fc
        .oneof(
          notA('string', { nullable: true }),
          nastyString(20).filter((t) => t !== '' && !/^[A-Z][A-Z0-9_]*$/.test(t)),
          fc.integer({ min: 256, max: 5000 }).map((n) => 'A'.repeat(n)),
        )
        .map((v): [string, unknown] => ['project_key', v]),
      fc
        .oneof(
          notA('array', { nullable: true }),
          fc
            .constantFrom(
              'not-an-email',
              'a@b',
              '@b.co',
              'a b@c.co',
              `${'x'.repeat(250)}@b.co`,
              5,
              null,
            )
            .map((bad) => ['a@b.co', bad]),
        )
        .map((v): [string, unknown] => ['comment_email_blacklist', v]),
    )
    .map(([key, value]) => ({
      field: 'connector_specific_config',
      what: `jira ${key} ${JSON.stringify(value)?.slice(0, 20)}`,
      apply(body: Record<string, unknown>) {
        const config = { ...(body.connector_specific_config as object) } as Record<string, unknown>;
        if (value === undefined) delete config[key];
        else config[key] = value;
        body.connector_specific_config = config;
      },
    })),
);

const broken = fc.oneof(
  brokenObject(jiraBase, jiraBreakers, FIELDS),
  brokenObject(otherBase, fieldBreakers, FIELDS),
);

export function createRequests(fixture: Fixture) {
  const duplicate = fc
    .tuple(otherBase, fc.constantFrom(...fixture.existing), fc.constantFrom('', ' ', '\n\t'))
    .map(([body, { name, source }, pad]) =>
      objectContent(
        JSON.stringify({
          ...body,
          name: `${pad}${name}${pad}`,
          source,
          // A catalogue source's config must pass its rules for the duplicate rule to answer.
          ...(isCatalogueSource(source)
            ? { connector_specific_config: minimalConfig(source) }
            : {}),
        }),
        400,
        `duplicate ${name}`,
      ),
    );
  const content = fc.oneof(
    { weight: 6, arbitrary: broken.map(({ text, what }) => objectContent(text, 422, what)) },
    { weight: 2, arbitrary: wholeBodyBreakers(JSON.stringify({ name: 'n', source: 'web' })) },
    { weight: 1, arbitrary: duplicate },
  );
  return fc
    .tuple(someAuth(fixture, CURATOR_OR_ADMIN_ROLES), sent(content))
    .map(([auth, payload]) => withBody('POST', PATH, auth, payload));
}
