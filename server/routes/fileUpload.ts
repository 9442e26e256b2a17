// POST /manage/admin/connector/file/upload: the File source's files, streamed
// to the upload folder (server/http/fileUpload.ts). Curators and admins, as
// Onyx's connector managers (D2, D13: the files belong to no group until a
// connector names them). Its own context: only this route reads multipart
// bodies; every other keeps D3's raw JSON body and its 415.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { uploadConnectorFiles } from '../../src/contract/endpoints/connectors';
import { assertMultipart, receiveFiles, type UploadFolder } from '../http/fileUpload';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

export function fileUploadRoutes(
  app: FastifyInstance,
  { guard }: RouteContext,
  folder: UploadFolder,
) {
  void app.register(async (uploads) => {
    await uploads.register(multipart);
    // After the guard (401, 403, the 413 of a Content-Length over the limit), before a byte is read.
    uploads.addHook('preParsing', async (request) => assertMultipart(request));
    declaredRoutes(uploads, guard)(uploadConnectorFiles, async (_input, request) =>
      receiveFiles(request, folder),
    );
  });
}
