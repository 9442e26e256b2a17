// An import's credentials, by ref. Values given in the bundle are
// stored (merged over those held); a credential held here whose values the
// bundle leaves null keeps them; one not held is made without the null values
// its source does not require, and one missing a value its source requires is
// not made: it is listed in needs_secret, and its pairs are skipped. Values given
// are checked as the credential routes check them (a 422 at their place).
import {
  isEnvSecret,
  type BundleCredential,
  type ConfigBundle,
} from '../../src/contract/configBundle';
import { changesBetween } from '../audit/recorder';
import { credentialValueErrors } from '../http/validation';
import { credentialKeys } from '../../src/contract/sources/catalogue';
import { maskObject } from '../mask';
import {
  createCredential,
  deleteCredential,
  setCredentialGroups,
  setCredentialSharing,
  updateCredential,
} from '../repos/credentials';
import { differing, toldChanges, type Planner } from './planParts';
import type { HeldCredential, Setup } from './setup';

/**
 * The values the bundle gives (not null, not an environment variable's name),
 * and the keys it does not: those its source requires, and the others.
 */
function suppliedValues(credential: BundleCredential) {
  const optional = new Set(
    credentialKeys(credential.source)
      .filter((key) => !key.required)
      .map((key) => key.key),
  );
  const given: Record<string, unknown> = {};
  const missing: string[] = [];
  const left: string[] = [];
  for (const [key, value] of Object.entries(credential.credential_json)) {
    if (value !== null && !isEnvSecret(value)) given[key] = value;
    else if (optional.has(key)) left.push(key);
    else missing.push(key);
  }
  return { given, missing, left };
}

export const makerNotHere = (email: string, held = false) =>
  `Made by ${email}, who is not a user here nor in the bundle: ${held ? 'its maker here is kept' : 'the admin importing is its maker'}.`;

/** The maker's id once the people are imported, or null when they are not here. */
const makerId = (credential: BundleCredential, ids: Map<string, string>) =>
  (credential.made_by && ids.get(credential.made_by.toLowerCase())) ?? null;

/** The ids of the credential's groups, once the groups are imported. */
const groupIdsOf = (credential: BundleCredential, ids: Map<string, number>) =>
  credential.groups.map((name) => ids.get(name)!);

/** The values it would hold, by the credential routes' own rule for its source. */
const checkValues = (
  p: Planner,
  index: number,
  credential: BundleCredential,
  values: Record<string, unknown>,
) => p.problemsAt(['credentials', index], credentialValueErrors(credential.source, values));

/** A bundle's credential as planned: where it is, its values given, and the people known. */
interface Planned {
  p: Planner;
  credential: BundleCredential;
  index: number;
  given: Record<string, unknown>;
  people: ReadonlySet<string>;
}

/** A credential held here: a conflict when its source differs, else an update of what differs. */
function planHeldCredential(
  { p, credential, index, given, people }: Planned,
  held: HeldCredential,
) {
  if (held.item.source !== credential.source) {
    p.conflict(
      'credentials',
      credential.ref,
      `It is for ${held.item.source} here and ${credential.source} in the bundle: a credential's source cannot change.`,
    );
    return;
  }
  const values = { ...held.values, ...given };
  if (Object.keys(given).length > 0) checkValues(p, index, credential, values);
  // The maker changes only to a person named who is here or in the bundle.
  const maker = credential.made_by && people.has(credential.made_by.toLowerCase());
  if (credential.made_by && !maker) {
    p.skip('credentials', credential.ref, makerNotHere(credential.made_by, true));
  }
  const fields = differing(
    held.item,
    { ...credential, made_by: maker ? credential.made_by : held.item.made_by },
    ['name', 'admin_public', 'curator_public', 'groups'],
  );
  if (maker && credential.made_by!.toLowerCase() !== held.item.made_by?.toLowerCase()) {
    fields.made_by = [held.item.made_by, credential.made_by];
  }
  if (JSON.stringify(values) !== JSON.stringify(held.values)) {
    fields.credential_json = [maskObject(held.values), maskObject(values)];
  }
  p.update('credentials', credential.ref, fields, async ({ trx, ids, log, secrets }) => {
    await updateCredential(trx, secrets, held.id, {
      name: credential.name,
      ...(fields.credential_json ? { credential_json: values } : {}),
    });
    await setCredentialSharing(trx, held.id, {
      admin_public: credential.admin_public,
      curator_public: credential.curator_public,
      ...(fields.made_by ? { user_id: makerId(credential, ids.users) } : {}),
    });
    if (fields.groups) {
      await setCredentialGroups(trx, held.id, groupIdsOf(credential, ids.groups));
    }
    await log({
      action: 'credential.update',
      resource_type: 'credential',
      resource_id: held.id,
      resource_name: credential.name,
      changes: toldChanges(fields),
    });
  });
}

/** The refs of credentials that will not exist after the import (their pairs are skipped). */
export function planCredentials(
  p: Planner,
  bundle: ConfigBundle,
  setup: Setup,
  importerId: string,
): Set<string> {
  p.once('credentials', bundle.credentials, (credential) => credential.ref, 'ref');
  const groupNames = new Set([...setup.groups.keys(), ...bundle.user_groups.map((g) => g.name)]);
  const people = new Set([
    ...setup.users.keys(),
    ...bundle.users.map((u) => u.email.toLowerCase()),
  ]);
  const unmade = new Set<string>();
  bundle.credentials.forEach((credential, index) => {
    credential.groups.forEach((name, at) => {
      if (!groupNames.has(name)) {
        p.problem(
          ['credentials', index, 'groups', at],
          `No user group ${name} here or in the bundle`,
        );
      }
    });
    const { given, missing, left } = suppliedValues(credential);
    const held = setup.credentials.get(credential.ref);
    const checked = (values: Record<string, unknown>) => checkValues(p, index, credential, values);
    if (!held) {
      if (missing.length > 0) {
        p.plan.needs_secret.push({
          ref: credential.ref,
          source: credential.source,
          keys: missing,
          optional: left,
        });
        unmade.add(credential.ref);
        return;
      }
      checked(given);
      if (credential.made_by && !people.has(credential.made_by.toLowerCase())) {
        p.skip('credentials', credential.ref, makerNotHere(credential.made_by));
      }
      p.create('credentials', credential.ref, async ({ trx, ids, log, secrets }) => {
        const id = await createCredential(trx, secrets, {
          ref: credential.ref,
          source: credential.source,
          name: credential.name,
          credential_json: given,
          admin_public: credential.admin_public,
          curator_public: credential.curator_public,
          user_id: makerId(credential, ids.users) ?? importerId,
        });
        await setCredentialGroups(trx, id, groupIdsOf(credential, ids.groups));
        ids.credentials.set(credential.ref, id);
        await log({
          action: 'credential.create',
          resource_type: 'credential',
          resource_id: id,
          resource_name: credential.name,
          changes: changesBetween(null, {
            ...credential,
            credential_json: maskObject(given),
          }),
        });
      });
      return;
    }
    planHeldCredential({ p, credential, index, given, people }, held);
  });
  if (bundle.prune?.credentials) {
    const named = new Set(bundle.credentials.map((credential) => credential.ref));
    for (const [ref, held] of setup.credentials) {
      if (named.has(ref)) continue;
      unmade.add(ref);
      p.removeRow(
        'credentials',
        ref,
        { ...held, name: held.item.name },
        'credential.delete',
        deleteCredential,
      );
    }
  }
  return unmade;
}
