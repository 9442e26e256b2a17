import { useFormContext } from 'react-hook-form';
import { Field } from '../../components/Field';
import { SourceFieldsForm } from '../../components/source-form/SourceFieldsForm';
import { controlIdOf, ID_PREFIX } from './wizardFields';
import type { WizardSource, WizardValues } from './wizardValues';

export function ConnectionStep({ wizard }: { wizard: WizardSource }) {
  const { register, formState } = useFormContext<WizardValues>();
  return (
    <>
      <Field
        id={controlIdOf('name', wizard.panel)}
        label="Name"
        hint={`Shown in the connector list; unique among ${wizard.panel.label} connectors.`}
        error={formState.errors.name?.message}
      >
        {(control) => <input {...control} autoComplete="off" {...register('name')} />}
      </Field>
      <SourceFieldsForm source={wizard.source} panel={wizard.panel} idPrefix={ID_PREFIX} />
      {formState.errors.root?.config?.message && (
        <p className="field-error" role="alert">
          {formState.errors.root.config.message}
        </p>
      )}
    </>
  );
}
