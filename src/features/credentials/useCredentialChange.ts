// The state of one credential's change form (rename, new values, sharing):
// which form is open, its values, saving it and closing it unsaved.
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Credential } from '../../contract/contract';
import { useUpdateCredential } from '../../api/credentials';
import type { SharingValue } from '../../components/CredentialSharing';
import {
  credentialFields,
  credentialJsonOf,
  removalsOf,
  storedSwitches,
} from '../../lib/credentialFields';
import { focusFirstField } from '../../lib/focusFirstField';
import { placeServerErrors } from '../../lib/fieldErrors';

export interface ChangeValues {
  name: string;
  values: Record<string, string | boolean>;
  remove: Record<string, boolean>;
}

export type ChangeMode = 'rename' | 'values' | 'sharing';

export function useCredentialChange(
  credential: Credential,
  label: string,
  onDone: (words: string) => void,
) {
  const [mode, setMode] = useState<ChangeMode | null>(null);
  const storedSharing = {
    curator_public: credential.curator_public ?? false,
    groups: credential.groups ?? [],
  };
  const [sharing, setSharing] = useState<SharingValue>(storedSharing);
  const update = useUpdateCredential();
  const fields = credentialFields(credential.source);
  const stored = credential.credential_json ?? {};
  // The yes/no switches start as stored: the form sends them whatever their state.
  const untouched = (name: string, switches = stored): ChangeValues => ({
    name,
    values: storedSwitches(fields, switches),
    remove: {},
  });
  const { register, handleSubmit, setError, formState, reset } = useForm<ChangeValues>({
    defaultValues: untouched(credential.name ?? ''),
  });
  // Opening a form puts the keyboard in its first box (Rename: the old name selected).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (mode) focusFirstField(form.current);
  }, [mode]);
  const buttons = {
    rename: useRef<HTMLButtonElement>(null),
    values: useRef<HTMLButtonElement>(null),
    sharing: useRef<HTMLButtonElement>(null),
  };
  /** The form closes unsaved; the keyboard goes back to the button that opened it. */
  const cancel = () => {
    buttons[mode ?? 'rename'].current?.focus();
    setMode(null);
    setSharing(storedSharing);
    reset(untouched(credential.name ?? ''));
  };

  const save = handleSubmit(async (form) => {
    const change =
      mode === 'rename'
        ? { name: form.name }
        : mode === 'sharing'
          ? sharing
          : {
              // Only what was typed or ticked: the server keeps every other stored value.
              credential_json: {
                ...credentialJsonOf(fields, form.values),
                ...removalsOf(form.remove),
              },
            };
    try {
      await update.mutateAsync({ id: credential.id, change });
      setMode(null);
      // What was just saved is what is stored now.
      reset(untouched(form.name, form.values));
      onDone(
        mode === 'rename'
          ? `Renamed to “${form.name.trim()}”.`
          : mode === 'sharing'
            ? `Who may use “${label}” is saved: ${sharingWords(sharing)}.`
            : `New values saved for “${label}”.`,
      );
    } catch (error) {
      placeServerErrors(error, setError, ([, first, key]) =>
        first === 'name' ? 'name' : first === 'credential_json' ? `values.${String(key)}` : null,
      );
    }
  });

  return {
    mode,
    setMode,
    sharing,
    setSharing,
    fields,
    stored,
    register,
    formState,
    form,
    buttons,
    cancel,
    save,
    saving: update.isPending,
  };
}

/** Who else may use it, in words. */
function sharingWords(sharing: SharingValue) {
  const groups = sharing.groups.length;
  if (sharing.curator_public) return 'every curator';
  return groups === 0
    ? 'admins and its maker only'
    : `the curators of ${groups === 1 ? 'one group' : `${groups} groups`}`;
}
