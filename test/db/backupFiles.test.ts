// The backup rotation (src/db/backupFiles.ts): which copies a daily `npm run db:backup` keeps, by the
// times in their names, and that nothing else in the folder is ever chosen for deletion.
import { describe, expect, it } from 'vitest';
import { backupName, backupsToPrune, preMigrationName } from '../../src/db/backupFiles.js';

const at = (iso: string): Date => new Date(iso);
/** One backup a day at 03:00 UTC from `first` for `days` days, as the timer takes them. */
function daily(first: string, days: number): string[] {
  const start = at(`${first}T03:00:00.000Z`).getTime();
  return Array.from({ length: days }, (_, i) => backupName(new Date(start + i * 86_400_000), 'db'));
}
const kept = (names: string[], keep: { daily: number; weekly: number }): string[] => {
  const pruned = new Set(backupsToPrune(names, keep));
  return names.filter((n) => !pruned.has(n)).sort();
};

describe('backup names', () => {
  it('carry their UTC time, sortable and safe as file names', () => {
    expect(backupName(at('2026-05-01T03:00:00.000Z'), 'db')).toBe('senet-2026-05-01T03-00-00-000Z.db');
    expect(backupName(at('2026-05-01T03:00:00.000Z'), 'dump')).toBe('senet-2026-05-01T03-00-00-000Z.dump');
    expect(preMigrationName(14, at('2026-05-01T03:00:00.000Z'))).toBe('pre-migration-v14-2026-05-01T03-00-00-000Z.db');
  });
});

describe('the rotation', () => {
  it('keeps the newest of each of the last days and of each of the last ISO weeks', () => {
    // 2026-03-02 is a Monday; 42 days run to Sunday 2026-04-12, six whole weeks.
    const names = daily('2026-03-02', 42);
    expect(kept(names, { daily: 7, weekly: 4 })).toEqual(
      [
        // The last 7 days.
        ...daily('2026-04-06', 7),
        // The newest of each of the last 4 weeks: their Sundays (the last one is already kept).
        'senet-2026-03-22T03-00-00-000Z.db',
        'senet-2026-03-29T03-00-00-000Z.db',
        'senet-2026-04-05T03-00-00-000Z.db',
      ].sort(),
    );
  });

  it('keeps one copy a day: the newest of a day with several (a backup before an upgrade, then the nightly)', () => {
    const names = [
      'senet-2026-04-10T03-00-00-000Z.db',
      'senet-2026-04-11T03-00-00-000Z.db',
      'senet-2026-04-11T14-30-00-000Z.db',
      'senet-2026-04-12T03-00-00-000Z.db',
    ];
    expect(kept(names, { daily: 2, weekly: 0 })).toEqual([
      'senet-2026-04-11T14-30-00-000Z.db',
      'senet-2026-04-12T03-00-00-000Z.db',
    ]);
  });

  it('counts weeks as ISO weeks: Sunday and the next Monday are two weeks, a year can end in week 53', () => {
    const names = [
      'senet-2026-01-04T03-00-00-000Z.db', // Sunday, 2026-W01
      'senet-2026-01-05T03-00-00-000Z.db', // Monday, 2026-W02
      'senet-2026-12-31T03-00-00-000Z.db', // Thursday, 2026-W53
      'senet-2027-01-03T03-00-00-000Z.db', // Sunday, still 2026-W53
    ];
    expect(kept(names, { daily: 1, weekly: 3 })).toEqual([
      'senet-2026-01-04T03-00-00-000Z.db',
      'senet-2026-01-05T03-00-00-000Z.db',
      'senet-2027-01-03T03-00-00-000Z.db',
    ]);
  });

  it('always keeps the newest copy, and treats dumps of PostgreSQL like files', () => {
    const names = ['senet-2026-04-11T03-00-00-000Z.dump', 'senet-2026-04-12T03-00-00-000Z.dump'];
    expect(kept(names, { daily: 0, weekly: 0 })).toEqual(['senet-2026-04-12T03-00-00-000Z.dump']);
  });

  it('keeps the two newest copies taken before migrations, whatever their age', () => {
    const names = [
      'pre-migration-v11-2025-01-01T10-00-00-000Z.db',
      'pre-migration-v13-2025-06-01T10-00-00-000Z.db',
      'pre-migration-v14-2026-04-01T10-00-00-000Z.db',
      'senet-2026-04-12T03-00-00-000Z.db',
    ];
    expect(backupsToPrune(names, { daily: 7, weekly: 4 })).toEqual(['pre-migration-v11-2025-01-01T10-00-00-000Z.db']);
  });

  it('never chooses a file it did not name', () => {
    const names = [
      'senet-monday.db',
      'senet.db',
      'senet-2026-04-12T03-00-00-000Z.db-wal',
      'notes.txt',
      'senet-2026-04-01T03-00-00-000Z.db',
      'senet-2026-04-12T03-00-00-000Z.db',
    ];
    expect(backupsToPrune(names, { daily: 1, weekly: 0 })).toEqual(['senet-2026-04-01T03-00-00-000Z.db']);
  });
});
