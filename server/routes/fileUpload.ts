// POST /manage/admin/connector/file/upload: the File source's files, streamed
// to the upload folder (server/http/fileUpload.ts). Curators and admins, as
// Onyx's connector managers (D2, D13: the files belong to no group until a
// connector names them). Its own context: only this route reads multipart
// bodies; every other keeps D3's raw JSON body and its 415.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  CONNECTOR_NOT_FOUND,
  listConnectorFiles,
  uploadConnectorFiles,
} from '../../src/contract/endpoints/connectors';
import { rightsOn, scopeOf } from '../groups/visibility';
import {
  assertMultipart,
  connectorFiles,
  receiveFiles,
  type UploadFolder,
} from '../http/fileUpload';
import { problem } from '../http/problems';
import { findConnector } from '../repos/connectors';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';
import { readingTransaction } from '../db/database';

export function fileUploadRoutes(
  app: FastifyInstance,
  { db, guard }: RouteContext,
  folder: UploadFolder,
) {
  // A connector's files, as the folder keeps them: to whoever sees the connector (D13).
  declaredRoutes(app, guard)(
    listConnectorFiles,
    async ({ params: { connector_id: id } }, request) => {
      const config = await readingTransaction(db).execute(async (trx) => {
        const rights = await rightsOn(trx, await scopeOf(trx, request.user!), id);
        if (!rights?.see) return null;
        return (await findConnector(trx, id))?.snapshot.connector_specific_config ?? null;
      });
      if (!config) throw problem(404, CONNECTOR_NOT_FOUND);
      return connectorFiles(folder, config);
    },
  );

  void app.register(async (uploads) => {
    await uploads.register(multipart);
    // After the guard (401, 403, the 413 of a Content-Length over the limit), before a byte is read.
    uploads.addHook('preParsing', async (request) => assertMultipart(request));
    declaredRoutes(uploads, guard)(uploadConnectorFiles, async ({ query }, request) =>
      receiveFiles(request, folder, query.unzip === 'true'),
    );
  });
}
