/** A change form's buttons: save (busy while sending), or cancel and send nothing. */
export function SaveOrCancel(props: { label: string; saving: boolean; onCancel: () => void }) {
  const { label, saving, onCancel } = props;
  return (
    <div className="form-actions">
      <button type="submit" disabled={saving}>
        {saving ? 'Saving…' : label}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
