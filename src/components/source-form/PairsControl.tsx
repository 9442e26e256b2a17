import { useController, useFormContext } from 'react-hook-form';
import { errorAt } from '../../lib/fieldErrors';
import type { Pair, SourceFormValues } from '../../sources/form';
import type { PairsField } from '../../sources/types';
import { Field } from '../Field';

/** Rows of two boxes (Web's address rewrites): added and removed a row at a time. */
export function PairsControl({ field, id }: { field: PairsField; id: string }) {
  const form = useFormContext<SourceFormValues>();
  const name = `config.${field.key}` as const;
  const { field: rows } = useController({ control: form.control, name });
  const pairs = Array.isArray(rows.value) ? (rows.value as Pair[]) : [];
  const error = errorAt(form.formState.errors, name);
  const [left, right] = [field.left, field.right];
  const change = (index: number, side: string, text: string) =>
    rows.onChange(pairs.map((pair, at) => (at === index ? { ...pair, [side]: text } : pair)));

  return (
    <Field
      id={id}
      legend={field.label}
      hint={field.hint}
      error={error}
      className="field pairs-field"
    >
      {() => (
        <>
          {pairs.map((pair, index) => (
            <div className="pairs-row" key={index}>
              {[left, right].map((side) => (
                <Field
                  key={side.value}
                  id={`${id}-${index}-${side.value}`}
                  label={`${side.label} (row ${index + 1})`}
                >
                  {(control) => (
                    <input
                      {...control}
                      autoComplete="off"
                      spellCheck={false}
                      value={pair[side.value] ?? ''}
                      onChange={(event) => change(index, side.value, event.target.value)}
                    />
                  )}
                </Field>
              ))}
              <button
                type="button"
                className="secondary"
                onClick={() => rows.onChange(pairs.filter((_, at) => at !== index))}
              >
                Remove row {index + 1}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="secondary"
            id={`${id}-add`}
            onClick={() => rows.onChange([...pairs, { [left.value]: '', [right.value]: '' }])}
          >
            Add a row
          </button>
        </>
      )}
    </Field>
  );
}
