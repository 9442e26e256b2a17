// What every section's planner shares: the plan being built, the steps that
// apply it, the problems of the bundle (D3, at their `loc` in it), and the ids
// of things as the import makes them.
import type { ValidationError } from '../../src/contract/contract';
import type { BundleSection, ImportPlan } from '../../src/contract/configBundle';
import type { AuditAction } from '../../src/contract/audit';
import { changesBetween, type AuditLog } from '../audit/recorder';
import type { SecretBox } from '../crypto/secretBox';
import type { Db } from '../db/database';

/** The ids of things by their bundle names: those held, then those the import makes. */
export interface Ids {
  users: Map<string, string>;
  groups: Map<string, number>;
  credentials: Map<string, number>;
  connectors: Map<string, number>;
}

export interface StepTools {
  trx: Db;
  ids: Ids;
  log: AuditLog;
  secrets: SecretBox;
}

export type Step = (tools: StepTools) => Promise<void>;

/** How many rows a step of many writes: both stores take 500 rows of a table in one statement. */
export const CHUNK = 500;

export class Planner {
  readonly plan: ImportPlan = {
    create: [],
    update: [],
    remove: [],
    unchanged: 0,
    needs_secret: [],
    skipped: [],
    conflicts: [],
    applied: false,
  };
  readonly steps: Step[] = [];
  private readonly last: Step[] = [];
  readonly errors: ValidationError[] = [];

  create(section: BundleSection, ref: string, step: Step) {
    this.plan.create.push({ section, ref });
    this.steps.push(step);
  }

  /**
   * Many creations, each listed in the plan, made by a step per CHUNK of them
   * (many rows a statement): the import lets others through between steps.
   */
  createAll<T>(
    section: BundleSection,
    items: readonly T[],
    ref: (item: T) => string,
    step: (chunk: readonly T[]) => Step,
  ) {
    for (const item of items) this.plan.create.push({ section, ref: ref(item) });
    for (let start = 0; start < items.length; start += CHUNK) {
      this.steps.push(step(items.slice(start, start + CHUNK)));
    }
  }

  /** An update when a field differs; unchanged otherwise. */
  update(
    section: BundleSection,
    ref: string,
    fields: Record<string, [unknown, unknown]>,
    step: Step,
  ) {
    if (Object.keys(fields).length === 0) {
      this.plan.unchanged += 1;
      return;
    }
    this.plan.update.push({ section, ref, fields });
    this.steps.push(step);
  }

  remove(section: BundleSection, ref: string, step: Step) {
    this.plan.remove.push({ section, ref });
    this.steps.push(step);
  }

  /** A removal that deletes one row (its foreign keys cascade) and records it as `action`. */
  removeRow(
    section: BundleSection,
    ref: string,
    held: { id: number; name: string | null; item: object },
    action: Extract<AuditAction, `${string}.delete`>,
    remove: (trx: Db, id: number) => Promise<void>,
  ) {
    this.remove(section, ref, async ({ trx, log }) => {
      await remove(trx, held.id);
      await log({
        action,
        resource_type: action.split('.')[0]!,
        resource_id: held.id,
        resource_name: held.name,
        changes: changesBetween(held.item as Record<string, unknown>, null),
      });
    });
  }

  /**
   * How many steps, from the first, a dry run also runs (then rolls back): the
   * people's, whose refusals depend on what the store holds (the last admin, the
   * last admin key that does not expire), so that a dry run answers them too.
   */
  checkedSteps = 0;

  /** The steps so far are run by a dry run too. */
  checkStepsSoFar() {
    this.checkedSteps = this.steps.length;
  }

  /** A step that runs after every other (its changes are those of the plan's items). */
  afterAll(step: Step) {
    this.last.push(step);
  }

  /** Every step, in order. */
  get allSteps(): Step[] {
    return [...this.steps, ...this.last];
  }

  skip(section: BundleSection, ref: string, reason: string) {
    this.plan.skipped.push({ section, ref, reason });
  }

  conflict(section: BundleSection, ref: string, reason: string) {
    this.plan.conflicts.push({ section, ref, reason });
  }

  problem(loc: (string | number)[], msg: string) {
    this.errors.push({ loc: ['body', ...loc], msg, type: 'value_error' });
  }

  /** Problems a shared check found (D3 type kept), moved to `loc` in the bundle. */
  problemsAt(loc: (string | number)[], errors: readonly ValidationError[], dropped = 1) {
    for (const error of errors) {
      this.errors.push({ ...error, loc: ['body', ...loc, ...error.loc.slice(dropped)] });
    }
  }

  /** Each key once in a section: a second one is a problem at its place. */
  once<T>(section: BundleSection, items: readonly T[], key: (item: T) => string, field: string) {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const name = key(item);
      if (seen.has(name)) {
        this.problem([section, index, field], `${name} appears twice in ${section}`);
      }
      seen.add(name);
    });
  }
}

/** The fields whose values differ, each as [before, after]. */
export function differing<T extends object>(
  before: T,
  after: T,
  keys: readonly (keyof T & string)[],
): Record<string, [unknown, unknown]> {
  const fields: Record<string, [unknown, unknown]> = {};
  for (const key of keys) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      fields[key] = [before[key] ?? null, after[key] ?? null];
    }
  }
  return fields;
}

/** A plan's [before, after] pairs as the activity log tells a change. */
export const toldChanges = (fields: Record<string, [unknown, unknown]>) =>
  Object.fromEntries(
    Object.entries(fields).map(([key, [before, after]]) => [key, { before, after }]),
  );
