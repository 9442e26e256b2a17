import { Controller, useFormContext } from 'react-hook-form';
import { CredentialPicker } from '../../components/CredentialPicker';
import { fieldId } from './wizardFields';
import type { WizardValues } from './wizardSchema';

export function CredentialStep() {
  const { control } = useFormContext<WizardValues>();
  return (
    <Controller
      control={control}
      name="credential_id"
      render={({ field, fieldState }) => (
        <CredentialPicker
          id={fieldId('credential_id')}
          label="Jira credential"
          source="jira"
          description="The access the connector uses to read Jira. Type to filter, use the arrow keys to move, Enter to choose."
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );
}
