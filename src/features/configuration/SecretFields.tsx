// The values a bundle's new credentials need (a plan's needs_secret): one
// password box each, labelled with the credential and the key.
import type { ImportPlan } from '../../contract/configBundle';

export type SecretValues = Record<string, Record<string, string>>;

interface SecretFieldsProps {
  needed: ImportPlan['needs_secret'];
  values: SecretValues;
  onChange: (values: SecretValues) => void;
}

export function SecretFields({ needed, values, onChange }: SecretFieldsProps) {
  if (needed.length === 0) return null;
  return (
    <fieldset className="secret-fields">
      <legend>Secrets the bundle does not hold</legend>
      <p>
        These credentials are not on this server yet. Fill in their values to create them; those
        left empty are not created, and their connectors are imported unfinished.
      </p>
      {needed.map((need) =>
        need.keys.map((key) => {
          const id = `secret-${need.ref}-${key}`;
          return (
            <div className="field" key={id}>
              <label htmlFor={id}>
                {need.ref} ({need.source}): {key}
              </label>
              <input
                id={id}
                type="password"
                autoComplete="off"
                value={values[need.ref]?.[key] ?? ''}
                onChange={(event) =>
                  onChange({
                    ...values,
                    [need.ref]: { ...values[need.ref], [key]: event.target.value },
                  })
                }
              />
            </div>
          );
        }),
      )}
    </fieldset>
  );
}

/** The bundle with the values typed filled in (those left empty stay null). */
export function withValues<B extends { credentials?: unknown[] }>(
  bundle: B,
  values: SecretValues,
): B {
  return {
    ...bundle,
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
