// The list's "Needs attention" filter (connector health), kept in the address
// (`?needs_attention=true`) like the others: a box to tick, so the keyboard
// and a screen reader use it as any checkbox.
export function NeedsAttentionFilter({
  checked,
  count,
  onChange,
}: {
  checked: boolean;
  /** How many connectors need attention; undefined until the statuses arrive. */
  count: number | undefined;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="field attention-filter">
      <label>
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        Needs attention{count === undefined ? '' : ` (${count})`}
      </label>
    </div>
  );
}
