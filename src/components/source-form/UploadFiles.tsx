// Uploading files into a list (the File source's): a labelled file input that
// sends the chosen files at once, says the limits before anything is sent,
// refuses what the server would refuse without sending it, and puts focus back
// on the input with the problem when an upload fails.
import { useRef, useState, type ChangeEvent } from 'react';
import { ApiError } from '../../api/client';
import { useUploadFiles } from '../../api/fileUploadHooks';
import {
  FILE_UPLOAD_LIMITS,
  FILE_UPLOAD_RULE,
  fileUploadProblem,
  TOO_MANY_FILES,
  ZIP_UPLOAD_RULE,
  zipUploadProblem,
} from '../../contract/fileUpload';
import { countOf } from '../../lib/plural';
import { Field } from '../Field';

/** The problems of a failed upload, one sentence each. */
const failure = (error: unknown) =>
  error instanceof ApiError && error.validationErrors.length > 0
    ? error.validationErrors.map((problem) => problem.msg).join(' ')
    : error instanceof Error
      ? error.message
      : 'The files could not be uploaded.';

export function UploadFiles({
  id,
  onUploaded,
  zipOnly = false,
}: {
  id: string;
  /** The stored files' locations and names, in the order chosen. */
  onUploaded: (locations: string[], names: string[]) => void;
  /** One zip file (a site exported as a zip), not any of the File source's kinds. */
  zipOnly?: boolean;
}) {
  const upload = useUploadFiles();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const refuse = (message: string) => {
    setError(message);
    setStatus('');
    if (input.current) input.current.value = '';
    input.current?.focus();
  };
  const send = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    if (files.length === 0) return;
    const problems = files.flatMap(
      (file) => (zipOnly ? zipUploadProblem : fileUploadProblem)(file.name, file.size) ?? [],
    );
    if (files.length > (zipOnly ? 1 : FILE_UPLOAD_LIMITS.maxFiles)) {
      problems.unshift(zipOnly ? ZIP_UPLOAD_RULE : TOO_MANY_FILES);
    }
    if (problems.length > 0) return refuse(problems.join(' '));
    setError(null);
    setStatus(`Uploading ${countOf(files.length, 'file')}…`);
    try {
      const answer = await upload.mutateAsync(files);
      onUploaded(answer.file_paths, answer.file_names);
      setStatus(`Uploaded ${answer.file_names.join(', ')}`);
      if (input.current) input.current.value = '';
    } catch (failed) {
      refuse(failure(failed));
    }
  };

  return (
    <div className="upload-files">
      <Field
        id={id}
        label={zipOnly ? 'Upload the zip file' : 'Upload files'}
        hint={zipOnly ? ZIP_UPLOAD_RULE : FILE_UPLOAD_RULE}
        error={error}
      >
        {(control) => (
          <input
            {...control}
            ref={input}
            type="file"
            multiple={!zipOnly}
            accept={zipOnly ? '.zip' : FILE_UPLOAD_LIMITS.extensions.join(',')}
            aria-busy={upload.isPending || undefined}
            onChange={(event) => void send(event)}
          />
        )}
      </Field>
      <p role="status">{status}</p>
    </div>
  );
}
