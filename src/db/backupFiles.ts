// The backup folder's files, by name: `npm run db:backup` writes senet-<UTC time>.db (a SQLite copy)
// or .dump (pg_dump's custom format), the bot writes pre-migration-v<version>-<UTC time>.db before it
// migrates a SQLite file, and the rotation decides from the names alone which to keep: a copy's own
// time (its name) does not change when it is copied elsewhere and back, as a file's mtime does.
// Nothing else in the folder is ever touched.

/** How many copies the rotation keeps: the newest of each of the last `daily` days and `weekly` weeks. */
export interface Keep {
  daily: number;
  weekly: number;
}

/** The copies made before migrations that are kept: enough to roll back the last upgrade, and the one before. */
const PRE_MIGRATION_KEPT = 2;

/** 2026-05-01T03:00:00.000Z → 2026-05-01T03-00-00-000Z: a time that sorts as text and is a valid file name. */
const stampOf = (time: Date): string => time.toISOString().replace(/[:.]/g, '-');
const STAMP = String.raw`(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z`;
const BACKUP = new RegExp(`^senet-${STAMP}\\.(db|dump)$`);
const PRE_MIGRATION = new RegExp(`^pre-migration-v\\d+-${STAMP}\\.db$`);

/** The name of a backup taken at `time`: `senet-2026-05-01T03-00-00-000Z.db`. */
export function backupName(time: Date, kind: 'db' | 'dump'): string {
  return `senet-${stampOf(time)}.${kind}`;
}

/** The name of the copy taken before migrating a database from schema `version`. */
export function preMigrationName(version: number, time: Date): string {
  return `pre-migration-v${version}-${stampOf(time)}.db`;
}

/** The time in a backup's name, or null for a name the rotation does not manage. */
function timeOf(name: string, pattern: RegExp): Date | null {
  const m = pattern.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : null;
}

/** The UTC day of a time (2026-05-01). */
const dayOf = (time: Date): string => time.toISOString().slice(0, 10);

/** The ISO 8601 week of a time (2026-W18): weeks start on Monday, week 1 holds the year's first Thursday. */
function weekOf(time: Date): string {
  const day = new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The newest of each period (`periodOf`), for the newest `count` periods: names sorted newest first. */
function newestPerPeriod(
  dated: readonly { name: string; time: Date }[],
  count: number,
  periodOf: (t: Date) => string,
): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const { name, time } of dated) {
    const period = periodOf(time);
    if (seen.has(period)) continue;
    if (seen.size === count) break;
    seen.add(period);
    kept.push(name);
  }
  return kept;
}

/** Newest first, by the time in the name. */
function dated(names: readonly string[], pattern: RegExp): { name: string; time: Date }[] {
  return names
    .flatMap((name) => {
      const time = timeOf(name, pattern);
      return time ? [{ name, time }] : [];
    })
    .sort((a, b) => b.time.getTime() - a.time.getTime());
}

/**
 * The files of a backup folder the rotation deletes: of the backups (senet-<time>.db or .dump), all
 * but the newest of each of the last `keep.daily` days and of each of the last `keep.weekly` ISO
 * weeks (a copy kept by either rule stays; the newest always does); of the copies taken before
 * migrations, all but the newest two. Any other file is left alone.
 */
export function backupsToPrune(names: readonly string[], keep: Keep): string[] {
  const backups = dated(names, BACKUP);
  const kept = new Set([
    ...backups.slice(0, 1).map((b) => b.name),
    ...newestPerPeriod(backups, keep.daily, dayOf),
    ...newestPerPeriod(backups, keep.weekly, weekOf),
    ...dated(names, PRE_MIGRATION)
      .slice(0, PRE_MIGRATION_KEPT)
      .map((b) => b.name),
  ]);
  return [...backups, ...dated(names, PRE_MIGRATION)].map((b) => b.name).filter((name) => !kept.has(name));
}
