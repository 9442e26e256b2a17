// "New <source> credential" wherever a credential is chosen (the wizard's
// credential step, an unfinished connector): the credential form in a dialog,
// and the credential it saves handed back to be chosen. The form's code (and
// react-hook-form with it) is fetched on the first press, so the connector
// list that offers this loads no form library before its rows.
import { useState, type ComponentType } from 'react';
import type { DocumentSource } from '../contract/contract';
import type { CredentialFormProps } from './CredentialForm';
import { Modal } from './Modal';

interface NewCredentialProps {
  source: DocumentSource;
  /** The source as a person knows it ("Jira"). */
  label: string;
  onCreated: (id: number) => void;
}

export function NewCredential({ source, label, onCreated }: NewCredentialProps) {
  const [Form, setForm] = useState<ComponentType<CredentialFormProps> | null>(null);
  const [made, setMade] = useState('');
  const title = `New ${label} credential`;
  // The dialog opens once its form is here, so its first field takes the keyboard.
  const open = () =>
    void import('./CredentialForm').then(({ CredentialForm }) => setForm(() => CredentialForm));
  const close = () => setForm(null);
  return (
    <>
      <p>
        <button type="button" className="secondary" onClick={open}>
          {title}
        </button>
      </p>
      <p role="status">{made}</p>
      {Form && (
        <Modal title={title} onClose={close}>
          {() => (
            <Form
              source={source}
              onCancel={close}
              onCreated={(id, name) => {
                onCreated(id);
                close();
                setMade(`Credential “${name}” was saved and chosen.`);
              }}
            />
          )}
        </Modal>
      )}
    </>
  );
}
