// `npm run config -- export|plan|apply [file]` (docs/configuration-as-code.md):
// a running server's setup as a bundle, and a
// bundle planned or applied, for a CI pipeline. The server is --url (or
// SOURCEDESK_URL, default http://127.0.0.1:8080), the key SOURCEDESK_API_KEY
// (an admin's). A credential value written {"env": "NAME"} is read from the
// environment here, so the bundle kept in version control holds no secret.
// Exit status: 0 applied (or, for plan, changes to apply), 2 nothing to do,
// 1 refused or failed.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { isEnvSecret, planIsEmpty, type ImportPlan } from '../src/contract/configBundle';
import { API_PREFIX } from '../src/contract/endpoint';
import { exportConfiguration, importConfiguration } from '../src/contract/endpoints/configuration';
import { planLines, planSummary } from '../src/lib/planWords';

const USAGE = `Usage: npm run config -- export [--format yaml] > sourcedesk.json
       npm run config -- plan sourcedesk.json
       npm run config -- apply sourcedesk.json
Options: --url <server> (or SOURCEDESK_URL; default http://127.0.0.1:8080).
The key is read from SOURCEDESK_API_KEY (an admin's).`;

export const EXIT = { done: 0, refused: 1, nothingToDo: 2 } as const;

class Refusal extends Error {}

/** A bundle's {"env": NAME} values (credentials', the alert webhook's), read from the environment; an unset one stays null (kept if held here). */
export function withEnvSecrets(bundle: Record<string, unknown>, env: NodeJS.ProcessEnv) {
  const credentials = Array.isArray(bundle.credentials) ? bundle.credentials : [];
  const unset: string[] = [];
  for (const credential of credentials as { credential_json?: Record<string, unknown> }[]) {
    for (const [key, value] of Object.entries(credential.credential_json ?? {})) {
      if (!isEnvSecret(value)) continue;
      const found = env[value.env];
      if (found === undefined) unset.push(value.env);
      credential.credential_json![key] = found ?? null;
    }
  }
  const alerts = bundle.alerts as { webhook_url?: unknown } | undefined;
  if (alerts && isEnvSecret(alerts.webhook_url)) {
    const found = env[alerts.webhook_url.env];
    if (found === undefined) unset.push(alerts.webhook_url.env);
    alerts.webhook_url = found ?? null;
  }
  return { bundle, unset };
}

async function call(url: string, key: string, init: RequestInit & { path: string }) {
  const response = await fetch(`${url.replace(/\/$/, '')}${API_PREFIX}${init.path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, ...init.headers },
  });
  const text = await response.text();
  if (!response.ok) {
    let detail: unknown = text;
    try {
      detail = (JSON.parse(text) as { detail: unknown }).detail;
    } catch {
      // not JSON: the text as it came
    }
    const words =
      typeof detail === 'string'
        ? detail
        : (detail as { loc: unknown[]; msg: string }[])
            .map((problem) => `${problem.loc.join('.')}: ${problem.msg}`)
            .join('\n');
    throw new Refusal(`The server refused (${response.status}):\n${words}`);
  }
  return text;
}

function readBundle(file: string): Record<string, unknown> {
  const text = readFileSync(file, 'utf8');
  return (/\.ya?ml$/i.test(file) ? parse(text) : JSON.parse(text)) as Record<string, unknown>;
}

/**
 * The connection ended before the import's answer came: the server finishes
 * and commits an import whose body it has read, so "failed" could be false.
 * A dry run of the same bundle tells: nothing left to do is an applied import.
 */
async function afterLostAnswer(plan: () => Promise<ImportPlan>): Promise<number> {
  console.error('The connection ended before the server answered; asking it what remains to do.');
  const remaining = await plan().catch(() => null);
  if (remaining !== null && planIsEmpty(remaining) && remaining.conflicts.length === 0) {
    console.log('Applied: the server now has nothing left to do for this bundle.');
    return EXIT.done;
  }
  console.error(
    remaining === null
      ? 'The server did not answer again: the import may have been applied. Run plan to see what remains.'
      : 'The server may still be applying it, or it was not applied. Run plan to see what remains.',
  );
  return EXIT.refused;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { url: { type: 'string' }, format: { type: 'string' }, help: { type: 'boolean' } },
  });
  const [command, file] = positionals;
  const url = values.url ?? env.SOURCEDESK_URL ?? 'http://127.0.0.1:8080';
  const key = env.SOURCEDESK_API_KEY;
  if (values.help || !command || !['export', 'plan', 'apply'].includes(command)) {
    console.error(USAGE);
    return EXIT.refused;
  }
  if (!key) {
    console.error('Set SOURCEDESK_API_KEY to an admin’s API key.');
    return EXIT.refused;
  }
  try {
    if (command === 'export') {
      const query = values.format === 'yaml' ? '?format=yaml' : '';
      process.stdout.write(
        await call(url, key, { method: 'GET', path: `${exportConfiguration.path}${query}` }),
      );
      return EXIT.done;
    }
    if (!file) throw new Refusal(`Name the bundle to ${command}.\n${USAGE}`);
    const { bundle, unset } = withEnvSecrets(readBundle(file), env);
    for (const name of unset) console.error(`${name} is not set: its value is left null.`);
    const importing = async (dryRun: boolean) =>
      JSON.parse(
        await call(url, key, {
          method: 'POST',
          path: `${importConfiguration.path}${dryRun ? '?dry_run=true' : ''}`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(bundle),
        }),
      ) as ImportPlan;
    // A refusal is the server's answer; anything else (the connection ended) is not.
    const plan = await importing(command === 'plan').catch((error: unknown) => {
      if (error instanceof Refusal || command === 'plan') throw error;
      return null;
    });
    if (plan === null) return await afterLostAnswer(() => importing(true));
    for (const line of planLines(plan)) console.log(line);
    console.log(planSummary(plan));
    if (plan.conflicts.length > 0) return EXIT.refused;
    if (planIsEmpty(plan)) {
      console.log('Nothing to do.');
      return EXIT.nothingToDo;
    }
    console.log(command === 'apply' ? 'Applied.' : 'Run apply to make these changes.');
    return EXIT.done;
  } catch (error) {
    console.error(error instanceof Refusal ? error.message : `Failed: ${(error as Error).message}`);
    return EXIT.refused;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2), process.env);
}
