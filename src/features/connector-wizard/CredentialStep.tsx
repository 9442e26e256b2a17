import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { CredentialForm } from '../../components/CredentialForm';
import { CredentialPicker } from '../../components/CredentialPicker';
import { Modal } from '../../components/Modal';
import { controlIdOf } from './wizardFields';
import type { WizardSource, WizardValues } from './wizardValues';

export function CredentialStep({ wizard }: { wizard: WizardSource }) {
  const { source, panel } = wizard;
  const { control } = useFormContext<WizardValues>();
  const [making, setMaking] = useState(false);
  const [made, setMade] = useState('');
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
          <p>
            <button type="button" className="secondary" onClick={() => setMaking(true)}>
              New {panel.label} credential
            </button>
          </p>
          <p role="status">{made}</p>
          {making && (
            <Modal title={`New ${panel.label} credential`} onClose={() => setMaking(false)}>
              {() => (
                <CredentialForm
                  source={source}
                  onCancel={() => setMaking(false)}
                  onCreated={(id, name) => {
                    field.onChange(id);
                    setMaking(false);
                    setMade(`Credential “${name}” was saved and chosen.`);
                  }}
                />
              )}
            </Modal>
          )}
        </>
      )}
    />
  );
}
