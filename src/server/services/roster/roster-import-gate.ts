import { AppError } from '../../errors';

/** A lock every process sees (a database lease): the per-school rule then holds across servers. */
export interface SharedSchoolLock {
  /** Takes the school's lock; false while another process holds it. */
  acquire(schoolId: number): Promise<boolean>;
  release(schoolId: number): Promise<void>;
}

/**
 * How many roster files are read at once. Each is parsed on a worker thread that may run up to its
 * time limit; eight hostile files at once on two cores stalled every other request, so one school
 * reads one roster at a time, the process reads `running` at a time, and at most `waiting` wait in
 * line: any more is answered at once with 503 (try again in a few seconds) instead of hanging. With a
 * shared lock the "one per school" rule holds across every server process on the database.
 */
export const ROSTER_GATE = { running: 1, waiting: 2, perSchool: 1 } as const;

const busy = () => new AppError(503, 'IMPORT_BUSY', 'import.busy', { seconds: 10 }, { show: true });

export function createImportGate(limits: { running: number; waiting: number; perSchool: number } = ROSTER_GATE) {
  let running = 0;
  const queue: (() => void)[] = [];
  const perSchool = new Map<number, number>();

  const release = (schoolId: number) => {
    const left = (perSchool.get(schoolId) ?? 1) - 1;
    if (left > 0) perSchool.set(schoolId, left);
    else perSchool.delete(schoolId);
    // The place passes straight to the next in line, so no newcomer slips in between.
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    /** Runs `work` when a place is free; refuses at once when the school (here or, with `shared`, in any process) or the line is full. */
    async run<T>(schoolId: number, work: () => Promise<T>, shared?: SharedSchoolLock): Promise<T> {
      if ((perSchool.get(schoolId) ?? 0) >= limits.perSchool) throw busy();
      if (running >= limits.running && queue.length >= limits.waiting) throw busy();
      perSchool.set(schoolId, (perSchool.get(schoolId) ?? 0) + 1);
      let held = false;
      try {
        held = shared ? await shared.acquire(schoolId) : true;
      } finally {
        if (!held) {
          const left = (perSchool.get(schoolId) ?? 1) - 1;
          if (left > 0) perSchool.set(schoolId, left);
          else perSchool.delete(schoolId);
        }
      }
      if (!held) throw busy();
      try {
        if (running >= limits.running) await new Promise<void>((go) => queue.push(go));
        else running += 1;
        try {
          return await work();
        } finally {
          release(schoolId);
        }
      } finally {
        await shared?.release(schoolId).catch(() => undefined);
      }
    },
  };
}

/** The process's gate for roster previews. */
export const rosterImportGate = createImportGate();
