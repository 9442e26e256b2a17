import type { ChangeEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import { BlacklistEditor } from './BlacklistEditor';
import { fieldId } from './wizardFields';
import { TextField } from './TextField';
import type { WizardValues } from './wizardSchema';

/** Typed letters become upper case at once, without moving the caret. */
function upperCaseInPlace(event: ChangeEvent<HTMLInputElement>) {
  const input = event.target;
  const { selectionStart, selectionEnd } = input;
  const upper = input.value.toUpperCase();
  if (upper === input.value) return;
  input.value = upper;
  input.setSelectionRange(selectionStart, selectionEnd);
}

export function ConnectionStep() {
  const { register, formState } = useFormContext<WizardValues>();
  const { errors } = formState;
  const projectKey = register('project_key');

  return (
    <>
      <TextField
        id={fieldId('name')}
        label="Name"
        hint="Shown in the connector list; unique among Jira connectors."
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id={fieldId('jira_base_url')}
        label="Jira base URL"
        hint="The address of your Jira site, starting with https:// or http://, for example https://acme.atlassian.net."
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        error={errors.jira_base_url?.message}
        {...register('jira_base_url')}
      />
      <TextField
        id={fieldId('project_key')}
        label="Project key (optional)"
        hint="Leave empty to index all projects. Letters are turned into upper case as you type, for example ENG."
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        error={errors.project_key?.message}
        {...projectKey}
        onChange={(event) => {
          upperCaseInPlace(event);
          return projectKey.onChange(event);
        }}
      />
      <BlacklistEditor />
    </>
  );
}
