import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { guard } from '../http/auth';
import { listCredentials } from '../repos/credentials';
import { CURATOR_OR_ADMIN } from './connectors';

export function credentialRoutes(app: FastifyInstance, db: Db) {
  app.get('/manage/admin/credential', { onRequest: guard(db, CURATOR_OR_ADMIN) }, async () =>
    db.transaction().execute((trx) => listCredentials(trx)),
  );
}
