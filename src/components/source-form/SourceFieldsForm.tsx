// A source's fields as a form, for the wizard's settings step and a
// connector's editor alike: one control per field kind, the ways of indexing
// as a choice, the advanced fields folded away (opened when one has a problem).
import { useState, type ChangeEvent } from 'react';
import { get, useController, useFormContext, useWatch } from 'react-hook-form';
import { errorAt } from '../../lib/fieldErrors';
import type { SourceFormValues } from '../../sources/form';
import type {
  MultiselectField,
  SourceField,
  SourcePanel,
  TabsField,
  ValueField,
} from '../../sources/types';
import { Field } from '../Field';
import { ListControl } from './ListControl';
import { PairsControl } from './PairsControl';
import './sourceForm.css';

/** The control's id of a field (an error summary leads there). */
export const sourceFieldId = (idPrefix: string, key: string) => `${idPrefix}-${key}`;

/** Typed letters become upper case at once, without moving the caret. */
function upperCaseInPlace(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
  const input = event.target;
  const { selectionStart, selectionEnd } = input;
  const upper = input.value.toUpperCase();
  if (upper === input.value) return;
  input.value = upper;
  input.setSelectionRange(selectionStart, selectionEnd);
}

function MultiselectControl({ field, id }: { field: MultiselectField; id: string }) {
  const form = useFormContext<SourceFormValues>();
  const { field: chosen } = useController({ control: form.control, name: `config.${field.key}` });
  const values = Array.isArray(chosen.value) ? (chosen.value as string[]) : [];
  const error = errorAt(form.formState.errors, `config.${field.key}`);
  const toggle = (value: string, on: boolean) =>
    chosen.onChange(
      field.options.map((o) => o.value).filter((v) => (v === value ? on : values.includes(v))),
    );
  return (
    <Field id={id} legend={field.label} hint={field.hint} error={error} className="field choices">
      {() =>
        field.options.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="checkbox"
              id={option === field.options[0] ? id : undefined}
              checked={values.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />{' '}
            {option.label}
          </label>
        ))
      }
    </Field>
  );
}

function ValueControl({
  source,
  field,
  idPrefix,
}: {
  source: string;
  field: ValueField;
  idPrefix: string;
}) {
  const { register, formState } = useFormContext<SourceFormValues>();
  const id = sourceFieldId(idPrefix, field.key);
  const name = `config.${field.key}` as const;
  const error = errorAt(formState.errors, name);
  switch (field.control) {
    case 'fixed':
      // Sent as it is, never asked (Onyx hides it too); the review names it.
      return null;
    case 'list':
      return <ListControl source={source} field={field} id={id} />;
    case 'pairs':
      return <PairsControl field={field} id={id} />;
    case 'multiselect':
      return <MultiselectControl field={field} id={id} />;
    case 'checkbox':
      return (
        <Field id={id} hint={field.hint} error={error} className="field checkbox-field">
          {(control) => (
            <label className="choice">
              <input {...control} type="checkbox" {...register(name)} /> {field.label}
            </label>
          )}
        </Field>
      );
    case 'select':
      return (
        <Field id={id} label={field.label} hint={field.hint} error={error}>
          {(control) => (
            <select {...control} {...register(name)}>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      );
    default: {
      const registered = register(name);
      const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        if ('upperCase' in field && field.upperCase) upperCaseInPlace(event);
        return registered.onChange(event);
      };
      const common = { autoComplete: 'off', spellCheck: false, ...registered, onChange };
      return (
        <Field id={id} label={field.label} hint={field.hint} error={error}>
          {(control) =>
            field.control === 'textarea' ? (
              <textarea {...control} rows={3} {...common} />
            ) : (
              <input
                {...control}
                type={field.control === 'url' ? 'url' : 'text'}
                inputMode={
                  field.control === 'number'
                    ? 'numeric'
                    : field.control === 'url'
                      ? 'url'
                      : undefined
                }
                autoCapitalize={'upperCase' in field && field.upperCase ? 'characters' : undefined}
                {...common}
              />
            )
          }
        </Field>
      );
    }
  }
}

function TabsControl({
  source,
  field,
  idPrefix,
}: {
  source: string;
  field: TabsField;
  idPrefix: string;
}) {
  const { register, control } = useFormContext<SourceFormValues>();
  const name = `tabs.${field.key}` as const;
  const chosenValue = useWatch({ control, name });
  const chosen = field.tabs.find((tab) => tab.value === chosenValue) ?? field.tabs[0]!;
  const id = sourceFieldId(idPrefix, field.key);
  return (
    <fieldset className="field tabs-field">
      <legend>{field.label}</legend>
      {field.hint && <p className="hint">{field.hint}</p>}
      <div className="choices">
        {field.tabs.map((tab, index) => (
          <label key={tab.value} className="choice">
            <input
              type="radio"
              value={tab.value}
              id={index === 0 ? id : undefined}
              {...register(name)}
            />{' '}
            {tab.label}
          </label>
        ))}
      </div>
      {chosen.note && <p className="hint">{chosen.note}</p>}
      {chosen.fields.map((inner) => (
        <ValueControl key={inner.key} source={source} field={inner} idPrefix={idPrefix} />
      ))}
    </fieldset>
  );
}

function FieldControl(props: { source: string; field: SourceField; idPrefix: string }) {
  return props.field.control === 'tabs' ? (
    <TabsControl {...props} field={props.field} />
  ) : (
    <ValueControl {...props} field={props.field} />
  );
}

interface SourceFieldsFormProps {
  source: string;
  panel: SourcePanel;
  /** Prefix of every control's id, so two forms on a page never share one. */
  idPrefix: string;
}

export function SourceFieldsForm({ source, panel, idPrefix }: SourceFieldsFormProps) {
  const { formState } = useFormContext<SourceFormValues>();
  const basic = panel.fields.filter((field) => !field.advanced);
  const advanced = panel.fields.filter((field) => field.advanced);
  const [opened, setOpened] = useState(false);
  const advancedError = advanced.some((field) => get(formState.errors, `config.${field.key}`));
  return (
    <>
      {basic.map((field) => (
        <FieldControl key={field.key} source={source} field={field} idPrefix={idPrefix} />
      ))}
      {advanced.length > 0 && (
        <details
          className="advanced-settings"
          open={opened || advancedError}
          onToggle={(event) => setOpened(event.currentTarget.open)}
        >
          <summary>Advanced settings</summary>
          {advanced.map((field) => (
            <FieldControl key={field.key} source={source} field={field} idPrefix={idPrefix} />
          ))}
        </details>
      )}
    </>
  );
}
