import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { CredentialForm } from '../../components/CredentialForm';
import { CredentialPicker } from '../../components/CredentialPicker';
import { Modal } from '../../components/Modal';
import { fieldId } from './wizardFields';
import type { WizardValues } from './wizardSchema';

export function CredentialStep() {
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
            id={fieldId('credential_id')}
            label="Jira credential"
            source="jira"
            description="The access the connector uses to read Jira. Type to filter, use the arrow keys to move, Enter to choose."
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            errorMessage={fieldState.error?.message}
          />
          <p>
            <button type="button" className="secondary" onClick={() => setMaking(true)}>
              New Jira credential
            </button>
          </p>
          <p role="status">{made}</p>
          {making && (
            <Modal title="New Jira credential" onClose={() => setMaking(false)}>
              {() => (
                <CredentialForm
                  source="jira"
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
