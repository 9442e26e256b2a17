// The wizard's form: react-hook-form validated by the wizard's schema through
// zodResolver (wizardSchema.ts); it starts from what was sent (a created connector
// awaiting its credential), the tab's draft, or the defaults, and keeps every
// change as the tab's draft until the connector is made.
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import { get, useForm, type Path } from 'react-hook-form';
import type { PendingAttach } from './pendingAttach';
import { isDraft, loadWizardDraft, saveWizardDraft } from './wizardDraft';
import { wizardSchema } from './wizardSchema';
import {
  fromCreateRequest,
  wizardDefaults,
  type WizardSource,
  type WizardValues,
} from './wizardValues';

export function useWizardForm(wizard: WizardSource, pending: PendingAttach | null) {
  const [initialValues] = useState(() =>
    pending
      ? fromCreateRequest(wizard, pending.request, pending.credentialId, pending.attachBody)
      : (loadWizardDraft(wizard) ?? wizardDefaults(wizard)),
  );
  const [resolver] = useState(() => zodResolver(wizardSchema(wizard)));
  // Problems appear when Next or Create is pressed, not when a field loses focus: an
  // error shown on blur (mouse-down) would move the button from under the pointer.
  const form = useForm<WizardValues>({ defaultValues: initialValues, mode: 'onSubmit', resolver });
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  const { subscribe, trigger, getValues } = form;
  const halfFilled = useCallback(
    () => !pendingRef.current && isDraft(wizard, getValues()),
    [getValues, wizard],
  );

  // A field that shows a problem is checked again as it changes, so the words
  // follow what is typed (and vanish once it is right).
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, values }) => {
          if (name && get(form.formState.errors, name)) void trigger(name as Path<WizardValues>);
          if (!pendingRef.current) saveWizardDraft(wizard, values as WizardValues);
        },
      }),
    [subscribe, form, wizard, trigger],
  );
  return { form, halfFilled };
}
