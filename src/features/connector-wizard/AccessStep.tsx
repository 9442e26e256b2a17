// D13: who sees the new connector. Public (everyone with admin rights), or
// private to groups the caller controls. A curator of one group has it chosen
// and is told so; the review says the access in words (accessWords).
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Field } from '../../components/Field';
import type { WizardValues } from './wizardValues';

export interface GroupOption {
  id: number;
  name: string;
}

/** The access of the form in words, for the review. */
export function accessWords(
  values: Pick<WizardValues, 'access' | 'groups'>,
  groups: GroupOption[],
) {
  if (values.access === 'public') return 'Public: everyone with admin rights sees it';
  const names = values.groups.map((id) => groups.find((g) => g.id === id)?.name ?? `#${id}`);
  return `Private to ${names.length === 1 ? 'group' : 'groups'} ${names.join(', ')}: only their curators and members see it`;
}

export function AccessStep({ groups }: { groups: GroupOption[] }) {
  const { register, control } = useFormContext<WizardValues>();
  const access = useWatch<WizardValues, 'access'>({ name: 'access' });
  const only = groups.length === 1 ? groups[0] : undefined;
  return (
    <>
      <Field id="wizard-access" legend="Who sees this connector">
        {() => (
          <div className="choices">
            <label>
              <input type="radio" value="public" {...register('access')} /> Public: everyone with
              admin rights sees it
            </label>
            <label>
              <input type="radio" value="private" {...register('access')} /> Private to groups: only
              their curators and members see it
            </label>
          </div>
        )}
      </Field>
      {access === 'private' && (
        <Controller
          control={control}
          name="groups"
          render={({ field, fieldState }) => (
            <Field
              id="wizard-groups"
              legend="Groups"
              error={fieldState.error?.message}
              hint={only ? `This connector will be assigned to group ${only.name}.` : undefined}
            >
              {(box) => (
                <ul className="choices">
                  {groups.map((group, index) => (
                    <li key={group.id}>
                      <label>
                        <input
                          type="checkbox"
                          id={index === 0 ? box.id : `${box.id}-${group.id}`}
                          aria-invalid={box['aria-invalid']}
                          checked={field.value.includes(group.id)}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...field.value, group.id]
                                : field.value.filter((id) => id !== group.id),
                            )
                          }
                        />{' '}
                        {group.name}
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </Field>
          )}
        />
      )}
    </>
  );
}
