// The files a File or Google Sites connector names, as the server keeps them:
// each one's name, size and upload time, and plainly when one is not kept here
// (removed, or a setup brought from another install) so an admin uploads it again.
import { useConnectorFiles } from '../../api/fileUploadHooks';
import { QueryErrorNotice } from '../../components/ErrorNotice';
import type { ConnectorDetail } from '../../contract/contract';
import { byteSize, namesUploadedFiles } from '../../contract/fileUpload';
import { formatDateTime } from '../../lib/format';

export function ConnectorFiles({ connector }: { connector: ConnectorDetail }) {
  if (!namesUploadedFiles(connector.source)) return null;
  return <FileList connectorId={connector.id} />;
}

function FileList({ connectorId }: { connectorId: number }) {
  const files = useConnectorFiles(connectorId);
  return (
    <section className="connector-files" aria-labelledby="connector-files-title">
      <h2 id="connector-files-title">Files</h2>
      {files.isPending && <p role="status">Loading the files…</p>}
      {files.isError && (
        <QueryErrorNotice error={files.error} onRetry={() => void files.refetch()} />
      )}
      {files.data &&
        (files.data.files.length === 0 ? (
          <p>No files: edit the connector to upload some.</p>
        ) : (
          <ul>
            {files.data.files.map((file) => (
              <li key={file.file_id}>
                <strong>{file.file_name}</strong>{' '}
                {file.size_bytes === null ? (
                  <span className="hint">
                    — not kept on this server (removed, or set up elsewhere): upload it again.
                  </span>
                ) : (
                  <span className="hint">
                    {byteSize(file.size_bytes)}, uploaded {formatDateTime(file.upload_date!)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
