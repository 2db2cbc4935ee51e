// The deployment recipes (deploy/) run exactly the steps .ci/production-check tests: npm ci, the
// build, pruning the dev dependencies, then `npm run serve`. Docker is not on the machines this
// runs on, so the container files are checked as text: a recipe that drifts from the tested path
// fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** The tested steps, in order, as .ci/production-check runs them. */
const STEPS = [/npm ci\b/, /npm run (--silent )?build/, /npm prune --omit=dev/];

function inOrder(text: string, patterns: RegExp[]): number[] {
  return patterns.map((pattern) => text.search(pattern));
}

describe('the deployment recipes', () => {
  it('the production check runs the tested steps, then starts the compiled bot with npm run serve', () => {
    const check = read('.ci/production-check');
    const at = inOrder(check, [...STEPS, /npm run --silent serve/]);
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(read('.ci/run')).toMatch(/^\.ci\/production-check$/m);
  });

  it('the Dockerfile builds with those steps and runs npm run serve as a non-root user, with a health check', () => {
    const dockerfile = read('deploy/Dockerfile');
    const at = inOrder(dockerfile, STEPS);
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    expect(dockerfile).toMatch(/^STOPSIGNAL SIGTERM$/m);
    expect(dockerfile).toMatch(/^CMD \["npm", "run", "--silent", "serve"\]$/m);
  });

  it('the compose file builds that Dockerfile and keeps the data on a volume', () => {
    const compose = read('deploy/compose.yaml');
    expect(compose).toMatch(/dockerfile: deploy\/Dockerfile/);
    expect(compose).toMatch(/- senet-data:\/data/);
    expect(compose).toMatch(/stop_signal: SIGTERM/);
  });

  it('the systemd unit runs the current release as its own user and does not restart on a bad setting', () => {
    const unit = read('deploy/senet-bot.service');
    // The supervisor starts `npm run --silent serve` in the release `current` points at; a reload
    // starts the new one beside it (test/e2e/upgrade.test.ts runs both scripts).
    expect(unit).toMatch(/^ExecStart=\/opt\/senet-bot\/current\/deploy\/senet-bot-run$/m);
    expect(unit).toMatch(/^ExecReload=\/bin\/kill -HUP \$MAINPID$/m);
    expect(read('deploy/senet-bot-run')).toMatch(/exec npm run --silent serve\)/);
    expect(unit).toMatch(/^User=senet$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(unit).toMatch(/^RestartPreventExitStatus=78$/m);
  });

  it('a timer backs the database up every night, as the bot with its settings', () => {
    const unit = read('deploy/senet-bot.service');
    const backup = read('deploy/senet-bot-backup.service');
    const timer = read('deploy/senet-bot-backup.timer');
    const line = (text: string, key: string) => text.match(new RegExp(`^${key}=.*$`, 'm'))?.[0];
    for (const key of ['User', 'Group', 'EnvironmentFile', 'StateDirectory', 'Environment=DATABASE_PATH'])
      expect(line(backup, key), key).toBe(line(unit, key));
    expect(backup).toMatch(/^WorkingDirectory=\/opt\/senet-bot\/current$/m);
    expect(backup).toMatch(/^ExecStart=\/usr\/bin\/env node dist\/tools\/db-backup\.js$/m);
    expect(timer).toMatch(/^OnCalendar=\*-\*-\* \d\d:\d\d:00$/m);
    expect(timer).toMatch(/^Persistent=true$/m);
  });

  it('compose backs the volume up beside the bot', () => {
    const compose = read('deploy/compose.yaml');
    const service = compose.slice(compose.indexOf('  senet-bot-backup:'), compose.indexOf('\nvolumes:'));
    expect(service).toMatch(/node dist\/tools\/db-backup\.js/);
    expect(service).toMatch(/- senet-data:\/data/);
    expect(service).toMatch(/BACKUP_DIR: \/data\/backups/);
  });
});
