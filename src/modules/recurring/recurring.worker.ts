// The runner of recurring schedules, on every instance: each pass reads the schedules due today (by the
// app's clock) and makes one occurrence of each, in a write of its own; passes repeat while any was
// made, so a schedule behind by three months (a long outage) catches up three documents, each once.
// Why the service's own loop rather than a job library: graphile-worker and pg-boss are PostgreSQL only,
// and the schedule's row already is the job (its next date, claimed under the organization's lock).
import { AppError } from '../../lib/errors.ts';
import { today } from '../../lib/dates.ts';
import { backgroundLoop } from '../../events/loop.ts';
import type { ModuleWorker, WorkerDeps } from '../../module.ts';
import { OccurrenceTaken, recordOccurrenceFailure, runOccurrence, type SendDocument } from './recurring.service.ts';
import { letRequestsIn } from '../../lib/turns.ts';

/** Schedules read per pass. */
const BATCH = 100;

export function recurringRunner(send: SendDocument): ModuleWorker {
  return {
    name: 'recurring',
    create: (deps: WorkerDeps) =>
      backgroundLoop('recurring schedules', () => runDueSchedules(deps, send), deps.config.recurringPollMs, deps.logger),
  };
}

/** One pass: one occurrence of each due schedule. True while there may be more. */
export async function runDueSchedules({ db, unitOfWork, clock, logger, metrics }: WorkerDeps, send: SendDocument): Promise<boolean> {
  const now = clock();
  const due = await db.prisma.recurringSchedule.findMany({
    where: { status: 'ACTIVE', nextDate: { lte: today(now) }, OR: [{ retryAt: null }, { retryAt: { lte: now } }] },
    select: { id: true, organizationId: true, nextDate: true },
    orderBy: [{ nextDate: 'asc' }, { id: 'asc' }],
    take: BATCH,
  });
  let made = 0;
  for (const { id, organizationId, nextDate } of due) {
    const date = nextDate!;
    try {
      await unitOfWork.write(organizationId, { operation: 'runRecurringSchedule', input: { id, date } }, (scope) =>
        runOccurrence(scope, id, date, send),
      );
      made++;
      metrics.recurringOccurrence('made');
      // Each occurrence is a write of its own; requests waiting meanwhile go first, so a long catch-up
      // shares the database instead of holding it.
      await letRequestsIn();
    } catch (error) {
      if (error instanceof OccurrenceTaken) continue;
      if (!(error instanceof AppError) || error.status >= 500) throw error; // the database: the next pass tries again
      // Counted once per failure recorded: another instance failing the same occurrence at the same time finds it
      // recorded already (OccurrenceTaken), as a second attempt before the retry time does.
      await unitOfWork
        .write(organizationId, { operation: 'recordRecurringFailure', input: { id, date } }, (scope) =>
          recordOccurrenceFailure(scope, id, date, error.fieldErrors.length ? `${error.message}: ${describe(error)}` : error.message),
        )
        .then(
          () => metrics.recurringOccurrence('failed'),
          (e) => {
            if (!(e instanceof OccurrenceTaken)) logger.warn('recording a recurring schedule failure failed', { error: e });
          },
        );
    }
  }
  return made > 0 || due.length === BATCH;
}

const describe = (error: AppError) => error.fieldErrors.map((e) => `${e.path} ${e.message}`).join('; ');
