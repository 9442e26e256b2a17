// The two halves of the catalogue agree: every source is in both, and the panel
// asks for exactly the keys the contract knows (config and credential).
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  CATALOGUE_SOURCES,
  configProblems,
  credentialKeys,
  isReadableCredentialKey,
  SOURCE_CONTRACTS,
} from '../contract/sources/catalogue';
import { SOURCE_PANELS } from './catalogue';
import { configFromForm, configKeys, formDefaults, formFromConfig, valueFields } from './form';
import { sourceProblems } from './problems';
import { factsOf } from './words';
import { ONYX_KEYS } from '../../test/support/onyxKeys';

const shapeKeys = (schema: unknown) =>
  Object.keys((schema as z.ZodMiniObject).shape as Record<string, unknown>);

it('a source is in the contract’s catalogue exactly when it is in the panel’s', () => {
  expect(Object.keys(SOURCE_PANELS).sort()).toEqual(Object.keys(SOURCE_CONTRACTS).sort());
});

describe.each(CATALOGUE_SOURCES)('%s', (source) => {
  const panel = SOURCE_PANELS[source];
  const contract = SOURCE_CONTRACTS[source];

  it('the form asks for every config key the contract knows, and no other', () => {
    const asked = configKeys(panel.fields);
    expect(new Set(asked).size).toBe(asked.length);
    expect([...asked].sort()).toEqual(shapeKeys(contract.config).sort());
  });

  it('the form sends exactly Onyx’s config keys; the credential form asks for Onyx’s credential keys', () => {
    const sent = Object.keys(configFromForm(panel, formDefaults(panel)));
    expect(sent.sort()).toEqual([...ONYX_KEYS[source].config].sort());
    expect(Object.keys(panel.credential).sort()).toEqual([...ONYX_KEYS[source].credential].sort());
  });

  it('a credential key is a secret in the panel (password or key-file box) exactly when the contract does not hold it readable', () => {
    for (const [key, words] of Object.entries(panel.credential)) {
      expect([key, !(words.secret || words.keyFile)]).toEqual([
        key,
        isReadableCredentialKey(source, key),
      ]);
    }
  });

  it('every field and credential key has words: a label, and a hint or empty-words where optional', () => {
    for (const field of valueFields(panel.fields)) {
      expect(field.label.trim(), field.key).not.toBe('');
    }
    for (const [key, words] of Object.entries(panel.credential)) {
      expect(words.label.trim(), key).not.toBe('');
    }
    expect(panel.summary.trim()).not.toBe('');
    expect(panel.initials).toMatch(/^[A-Z0-9]{1,2}$/);
  });

  it('the credential form has words for exactly the contract’s credential keys', () => {
    expect(Object.keys(panel.credential).sort()).toEqual(
      credentialKeys(source)
        .map(({ key }) => key)
        .sort(),
    );
  });

  it('no credential label says “(optional)”: the credential form adds it where the contract allows', () => {
    const labels = Object.values(panel.credential).map((words) => words.label);
    expect(labels.filter((label) => /\(optional\)/.test(label))).toEqual([]);
  });

  it('the empty form lacks only what a person must type (its defaults pass every other rule)', () => {
    const problems = sourceProblems(source, panel, formDefaults(panel));
    // A required box that starts filled (Wikipedia's depth 0) lacks nothing.
    const required = valueFields(panel.fields).filter(
      (field) =>
        'requiredMessage' in field &&
        field.requiredMessage &&
        !('default' in field && field.default),
    );
    expect(problems.map((p) => p.path)).toEqual(required.map((field) => `config.${field.key}`));
  });

  it('the form sends every field, and reads its own config back', () => {
    const values = formDefaults(panel);
    const config = configFromForm(panel, values);
    expect(Object.keys(config).sort()).toEqual(shapeKeys(contract.config).sort());
    expect(configFromForm(panel, formFromConfig(panel, config))).toEqual(config);
    if (panel.fields.length > 0) expect(factsOf(panel, config).length).toBeGreaterThan(0);
  });

  it('what the empty form lacks is said by the form, not left to the server', () => {
    const values = formDefaults(panel);
    const server = configProblems(source, configFromForm(panel, values));
    const form = sourceProblems(source, panel, values);
    expect(form.length).toBeGreaterThanOrEqual(server.length > 0 ? 1 : 0);
  });
});

describe('how a config reads', () => {
  it('Jira: the way of indexing, the project, the list, the yes/no', () => {
    const facts = factsOf(SOURCE_PANELS.jira, {
      jira_base_url: 'https://acme.atlassian.net',
      project_key: 'ENG',
      jql_query: null,
      comment_email_blacklist: ['bot@acme.example'],
      scoped_token: false,
      team_note: 'kept',
    });
    expect(facts).toEqual([
      { label: 'Jira base URL', words: 'https://acme.atlassian.net' },
      { label: 'What to index', words: 'One project' },
      { label: 'Project key', words: 'ENG' },
      { label: 'Comment e-mail blacklist (optional)', words: ['bot@acme.example'] },
      { label: 'The token is a scoped token', words: 'no' },
      { label: 'team_note', words: '"kept"' },
    ]);
  });

  it('GitHub: included kinds in words; HubSpot: chosen types by label', () => {
    const github = factsOf(SOURCE_PANELS.github, { repo_owner: 'acme', include_prs: true });
    expect(github).toContainEqual({ label: 'Include pull requests', words: 'yes' });
    expect(github).toContainEqual({ label: 'Which repositories', words: 'Every repository' });
    expect(factsOf(SOURCE_PANELS.hubspot, { object_types: ['deals', 'tickets'] })).toEqual([
      { label: 'Object types', words: 'Deals, Tickets' },
    ]);
  });
});

describe('Google Drive with nothing to index', () => {
  const panel = SOURCE_PANELS.google_drive;
  const unticked = () => {
    const values = formDefaults(panel);
    values.config.include_shared_drives = false;
    return values;
  };

  it('with Whole drives chosen, says to tick a kind of drive', () => {
    expect(sourceProblems('google_drive', panel, unticked())).toEqual([
      {
        path: 'config',
        message:
          'Tick at least one kind of drive: shared drives, everyone’s My Drive, or files shared with the admin',
      },
    ]);
  });
});
