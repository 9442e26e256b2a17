// Uploaded files no connector names: a form's upload never used, a deleted
// connector's files, a location edited away. Removed once older than
// UNCLAIMED_UPLOAD_HOURS, so the data folder does not fill with what nothing reads.
import type { FastifyBaseLogger } from 'fastify';
import { UNCLAIMED_UPLOAD_HOURS, UPLOADED_FILE_SOURCES } from '../../src/contract/fileUpload';
import type { Store } from '../db/database';
import { removeUnclaimedUploads, type UploadFolder } from '../http/fileUpload';
import { namedUploadLocations } from '../repos/connectors';

export async function sweepUploads(
  store: Store,
  folder: UploadFolder,
  log: FastifyBaseLogger,
  now = Date.now(),
) {
  const named = await namedUploadLocations(store.db, UPLOADED_FILE_SOURCES);
  const removed = await removeUnclaimedUploads(folder, named, UNCLAIMED_UPLOAD_HOURS, now);
  if (removed > 0) log.info({ removed }, 'removed uploaded files no connector names');
}
