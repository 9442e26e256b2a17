import type { Db } from '../db/database';
import type { Guard } from '../http/auth';
import type { JsonCache } from '../http/cachedJson';

/** What every group of routes works with. */
export interface RouteContext {
  db: Db;
  guard: Guard;
  /** Read answers, kept until the database changes. */
  reads: JsonCache;
}
