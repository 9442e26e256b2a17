// The values a bundle's new credentials need (a plan's needs_secret), and the
// alert webhook's address when the plan leaves it unset for want of it: one
// password box each, labelled with what it is for.
import type { ImportPlan } from '../../contract/configBundle';
import { credentialKeyWords } from '../../lib/planWords';
import { sourceLabel } from '../../lib/sources';
import type { Names } from './planView';

export type SecretValues = Record<string, Record<string, string>>;

/** Where the webhook's address is kept among the typed values (no credential ref has a space). */
const WEBHOOK = { ref: 'alert webhook', key: 'webhook_url' } as const;

interface SecretFieldsProps {
  /** The bundle's names: a credential's box says its name, not its ref. */
  names: Names;
  needed: ImportPlan['needs_secret'];
  /** The bundle's webhook origin when the plan skipped the webhook for want of its address. */
  webhookOrigin: string | null;
  values: SecretValues;
  onChange: (values: SecretValues) => void;
}

function PasswordBox(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="password"
        autoComplete="off"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

export function SecretFields({
  names,
  needed,
  webhookOrigin,
  values,
  onChange,
}: SecretFieldsProps) {
  if (needed.length === 0 && webhookOrigin === null) return null;
  const typed = (ref: string, key: string) => values[ref]?.[key] ?? '';
  const set = (ref: string, key: string) => (value: string) =>
    onChange({ ...values, [ref]: { ...values[ref], [key]: value } });
  return (
    <fieldset className="secret-fields">
      <legend>Secrets the bundle does not hold</legend>
      {needed.length > 0 && (
        <p>
          These credentials are not on this server yet. Fill in their values to create them; one
          whose required values are left empty is not created, and its connectors are imported
          unfinished. Optional values may stay empty.
        </p>
      )}
      {needed.map((need) =>
        [...need.keys, ...need.optional].map((key) => (
          <PasswordBox
            key={`${need.ref}-${key}`}
            id={`secret-${need.ref}-${key}`}
            label={`${names.credential(need.ref)} (${sourceLabel(need.source)}): ${credentialKeyWords(need.source, key)}${
              need.keys.includes(key) ? '' : ' (optional)'
            }`}
            value={typed(need.ref, key)}
            onChange={set(need.ref, key)}
          />
        )),
      )}
      {webhookOrigin !== null && (
        <PasswordBox
          id="secret-alert-webhook"
          label={`Alert webhook address (at ${webhookOrigin}); left empty, alerts are not set`}
          value={typed(WEBHOOK.ref, WEBHOOK.key)}
          onChange={set(WEBHOOK.ref, WEBHOOK.key)}
        />
      )}
    </fieldset>
  );
}

/** The bundle's webhook origin when the plan skipped the webhook (its address is needed). */
export function webhookNeeded(
  bundle: { alerts?: { webhook_origin?: string | null } },
  plan: ImportPlan,
): string | null {
  const skipped = plan.skipped.some((item) => item.section === 'alerts');
  return skipped ? (bundle.alerts?.webhook_origin ?? null) : null;
}

/** The bundle with the values typed filled in (those left empty stay null). */
export function withValues<B extends { credentials?: unknown[]; alerts?: object }>(
  bundle: B,
  values: SecretValues,
): B {
  const webhook = values[WEBHOOK.ref]?.[WEBHOOK.key];
  return {
    ...bundle,
    ...(webhook ? { alerts: { ...bundle.alerts, webhook_url: webhook } } : {}),
    credentials: (bundle.credentials ?? []).map((credential) => {
      const { ref, credential_json } = credential as {
        ref: string;
        credential_json: Record<string, unknown>;
      };
      const typed = values[ref];
      if (!typed) return credential;
      const filled = Object.fromEntries(
        Object.entries(credential_json).map(([key, value]) => [key, typed[key] || value]),
      );
      return { ...(credential as object), credential_json: filled };
    }),
  };
}
