// A service account's key (Google Drive's JSON key file), the one credential value
// too long to type: chosen as a file and read here in the browser, or pasted into
// a masked box. The key is never shown: only whose key it is ("Key loaded:
// <client_email>"), so a shared screen or a screenshot does not carry it.
import { useRef, useState, type ChangeEvent } from 'react';
import type { CredentialField } from '../lib/credentialFields';
import type { CredentialRegister } from './CredentialValueFields';
import { Field } from './Field';

interface KeyFileFieldProps {
  field: CredentialField;
  id: string;
  label: string;
  register: CredentialRegister;
  error: string | undefined;
}

/** Whose key a text is (its client_email), or null when it is no JSON key. */
function keyOwner(text: string): string | null {
  try {
    const email = (JSON.parse(text) as { client_email?: unknown } | null)?.client_email;
    return typeof email === 'string' && email ? email : null;
  } catch {
    return null;
  }
}

/** A file's text, through FileReader (which every browser and the test DOM have). */
const textOf = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsText(file);
  });

export function KeyFileField({ field, id, label, register, error }: KeyFileFieldProps) {
  const registered = register(`values.${field.key}`);
  const box = useRef<HTMLInputElement | null>(null);
  const [loaded, setLoaded] = useState('');

  const describe = (text: string, from: string) => {
    const owner = keyOwner(text);
    setLoaded(
      text.trim() === '' ? '' : owner ? `Key loaded: ${owner}${from}.` : `Key loaded${from}.`,
    );
  };
  /** The file's text goes into the masked box, as if pasted, so the form holds it once. */
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file || !box.current) return;
    const text = await textOf(file);
    box.current.value = text;
    await registered.onChange({ target: box.current, type: 'change' });
    describe(text, ` (from ${file.name})`);
  };

  return (
    <Field id={id} legend={label} hint={field.hint} error={error} className="field key-file">
      {(control) => (
        <>
          <label htmlFor={`${id}-file`}>Key file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept={field.accept ?? 'application/json,.json'}
            aria-invalid={control['aria-invalid']}
            onChange={(event) => void readFile(event)}
          />
          <label htmlFor={id}>Or paste the key</label>
          <input
            {...control}
            type="password"
            autoComplete="off"
            spellCheck={false}
            {...registered}
            ref={(element) => {
              box.current = element;
              registered.ref(element);
            }}
            onChange={(event) => {
              describe(event.target.value, '');
              return registered.onChange(event);
            }}
          />
          <p role="status" className="hint">
            {loaded}
          </p>
        </>
      )}
    </Field>
  );
}
