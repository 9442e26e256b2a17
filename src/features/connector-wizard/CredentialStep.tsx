import { Controller, useFormContext } from 'react-hook-form';
import { CredentialPicker } from '../../components/CredentialPicker';
import { NewCredential } from '../../components/NewCredential';
import { controlIdOf } from './wizardFields';
import type { WizardSource, WizardValues } from './wizardValues';

export function CredentialStep({ wizard }: { wizard: WizardSource }) {
  const { source, panel } = wizard;
  const { control } = useFormContext<WizardValues>();
  return (
    <Controller
      control={control}
      name="credential_id"
      render={({ field, fieldState }) => (
        <>
          <CredentialPicker
            id={controlIdOf('credential_id', panel)}
            label={`${panel.label} credential`}
            source={source}
            description={`The access the connector uses to read ${panel.label}. Type to filter, use the arrow keys to move, Enter to choose.`}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            errorMessage={fieldState.error?.message}
          />
          <NewCredential source={source} label={panel.label} onCreated={field.onChange} />
        </>
      )}
    />
  );
}
