// One activity record as the Activity page and each resource's "Recent changes"
// show it: when, who did what in words, and each field before and after.
import type { AuditRecord } from '../contract/audit';
import { changeRows, recordWords } from '../lib/activityWords';
import { formatDateTime } from '../lib/format';
import './ActivityRecord.css';

export function ActivityRecord({ record }: { record: AuditRecord }) {
  const rows = changeRows(record);
  return (
    <li>
      <p>
        <time dateTime={record.time}>{formatDateTime(record.time)}</time>{' '}
        <strong>{recordWords(record)}</strong>
      </p>
      {rows.length > 0 ? (
        <table>
          <caption className="visually-hidden">Changes</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // A setting's label may repeat another field's ("Name"): the place is the key.
              <tr key={index}>
                <th scope="row">{row.field}</th>
                <td>{row.before}</td>
                <td>{row.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </li>
  );
}
