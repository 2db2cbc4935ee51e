// The deployment recipes (deploy/) run exactly the steps .ci/production-check tests: npm ci, the
// build, pruning the dev dependencies, then the compiled bot as `npm run serve` starts it. Docker
// is not on the machines this runs on, so the container files are checked as text: a recipe that
// drifts from the tested path, or loses its hardening, fails here. Where the tools are installed,
// the systemd units are scored by `systemd-analyze security --offline=yes` and the alerting rules
// checked and unit-tested by promtool (.ci/run installs promtool).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Metrics } from '../../src/bot/metrics.js';
import { ONE_SHARD } from '../../src/game/service.js';
import { anchors } from './markdown.js';

const ROOT = join(import.meta.dirname, '../..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
/** The file without its comment lines: what the tool reads. */
const live = (path: string): string =>
  read(path)
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n');

/** The tested steps, in order, as .ci/production-check runs them. */
const STEPS = [/npm ci\b/, /npm run (--silent )?build/, /npm prune --omit=dev/];

function inOrder(text: string, patterns: RegExp[]): number[] {
  return patterns.map((pattern) => text.search(pattern));
}

/** What `npm run serve` runs: its environment assignments and node's arguments (package.json). */
function serveCommand(): { env: string[]; args: string[] } {
  const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
  const parsed = /^((?:[A-Z_]+=\S+ )*)exec node (.+)$/.exec(scripts.serve!);
  expect(parsed, `package.json's serve script: ${scripts.serve}`).not.toBeNull();
  return { env: parsed![1]!.trim().split(' '), args: parsed![2]!.split(' ') };
}

/** Whether a program is on the PATH. */
function installed(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** systemd's offline exposure score of a unit file (0 = fully confined, 10 = not at all). */
function exposure(unit: string): number {
  let output: string;
  try {
    output = execFileSync('systemd-analyze', ['security', '--offline=yes', join(ROOT, unit)], { encoding: 'utf8' });
  } catch (error) {
    // It exits non-zero when the score passes its threshold; the report is on stdout all the same.
    output = String((error as { stdout?: string }).stdout);
  }
  const score = /Overall exposure level for \S+: (\d+\.\d+)/.exec(output);
  expect(score, output).not.toBeNull();
  return Number(score![1]);
}

/** Every metric the bot exports, histograms' series included. */
async function exportedMetrics(): Promise<Set<string>> {
  const names = new Set(['up']);
  for (const metric of await new Metrics(ONE_SHARD).registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram') for (const part of ['bucket', 'count', 'sum']) names.add(`${metric.name}_${part}`);
  }
  return names;
}

/** The metric names a PromQL text refers to (the bot's own and the process's). */
const metricsIn = (promql: string): string[] => [
  ...new Set(promql.match(/\b(?:senet|process|nodejs)_[a-z_]+\b|\bup\b(?=\{)/g) ?? []),
];

/** The compose file's services, each as its text (comments left out), by name, in order. */
function composeServices(): Map<string, string> {
  const compose = live('deploy/compose.yaml');
  const section = /^services:\n([^]*?)(?=^\S|$(?![^]))/m.exec(compose)![1]!;
  return new Map(section.split(/^ {2}(?=[a-z-]+:$)/m).slice(1).map((text) => [text.split(':')[0]!, text]));
}

interface GrafanaPanel {
  id: number;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  targets: { expr: string }[];
}

describe('the deployment recipes', () => {
  it('the production check runs the tested steps, then starts the compiled bot with npm run serve', () => {
    const check = read('.ci/production-check');
    const at = inOrder(check, [...STEPS, /npm run --silent serve/]);
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(read('.ci/run')).toMatch(/^(step )?\.ci\/production-check$/m);
  });

  it('the Dockerfile builds with those steps on Node 24 and npm 11, and runs as a non-root user with a health check', () => {
    const dockerfile = live('deploy/Dockerfile');
    const at = inOrder(dockerfile, STEPS);
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(dockerfile.match(/^FROM .*$/gm)).toEqual([
      'FROM node:24-bookworm-slim AS build',
      'FROM node:24-bookworm-slim',
    ]);
    // The README asks for npm 11: the build stops if the image brings another.
    expect(read('README.md')).toMatch(/npm 11\b/);
    expect(dockerfile).toMatch(/^RUN npm --version \| grep -q '\^11\\\.'/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    expect(dockerfile).toMatch(/^STOPSIGNAL SIGTERM$/m);
  });

  it('the container and the systemd unit start the compiled bot as npm run serve does, without npm', () => {
    const { env, args } = serveCommand();
    const dockerfile = live('deploy/Dockerfile');
    expect(dockerfile.split('\n')).toContain(`ENV ${env.join(' ')}`);
    expect(dockerfile.split('\n')).toContain(`CMD [${['node', ...args].map((arg) => `"${arg}"`).join(', ')}]`);
    // The unit's supervisor starts the bot in the release `current` points at; a reload starts the
    // new one beside it (test/e2e/upgrade.test.ts runs both scripts).
    const unit = read('deploy/senet-bot.service');
    const supervisor = read('deploy/senet-bot-run');
    expect(unit.split('\n')).toContain(`Environment=${env.join(' ')}`);
    expect(unit).toMatch(/^ExecStart=\/opt\/senet-bot\/current\/deploy\/senet-bot-run$/m);
    expect(unit).toMatch(/^ExecReload=\/bin\/kill -HUP \$MAINPID$/m);
    expect(supervisor).toContain(`exec node ${args.join(' ')})`);
    expect(dockerfile).not.toMatch(/^CMD .*npm/m);
    expect(supervisor).not.toMatch(/^[^#]*\bnpm\b/m);
  });

  it('keeps metrics and health on loopback in every recipe unless the operator says otherwise', () => {
    for (const recipe of ['deploy/Dockerfile', 'deploy/compose.yaml']) {
      expect(live(recipe)).toMatch(/METRICS_PORT/);
      expect(live(recipe)).not.toMatch(/METRICS_HOST/);
      // Published ports, if any, on the host's loopback only.
      for (const port of live(recipe).match(/^\s*- '[^']*:\d+'$/gm) ?? []) expect(port).toMatch(/'127\.0\.0\.1:/);
    }
    expect(read('.env.example')).toMatch(/^METRICS_HOST=127\.0\.0\.1$/m);
  });

  it('the compose file runs that Dockerfile read-only, without capabilities or new privileges, within a memory limit', () => {
    const services = composeServices();
    expect([...services.keys()]).toEqual(['senet-bot', 'senet-bot-backup', 'postgres', 'rest-proxy']);
    const bot = services.get('senet-bot')!;
    expect(bot).toMatch(/dockerfile: deploy\/Dockerfile/);
    expect(bot).toMatch(/- senet-data:\/data/);
    expect(bot).toMatch(/stop_signal: SIGTERM/);
    for (const [name, service] of services) {
      expect(service, name).toMatch(/^ {4}cap_drop: \[ALL\]$/m);
      expect(service, name).toMatch(/^ {6}- no-new-privileges:true$/m);
      expect(service, name).toMatch(/^ {4}mem_limit: \d+[mg]$/m);
    }
    // PostgreSQL writes its data folder; the bot and the proxy write nothing but /data and /tmp.
    for (const name of ['senet-bot', 'senet-bot-backup', 'rest-proxy'])
      expect(services.get(name), name).toMatch(/^ {4}read_only: true$/m);
  });

  it('the compose profiles add PostgreSQL with a health check the bot waits for, and the REST proxy', () => {
    const services = composeServices();
    const [bot, postgres, proxy] = ['senet-bot', 'postgres', 'rest-proxy'].map((name) => services.get(name)!);
    expect(postgres).toMatch(/^ {4}profiles: \[postgres\]$/m);
    expect(postgres).toMatch(/^ {4}healthcheck:\n {6}test: \['CMD-SHELL', 'pg_isready /m);
    expect(bot).toMatch(/^ {6}postgres:\n {8}condition: service_healthy\n {8}required: false$/m);
    expect(proxy).toMatch(/^ {4}profiles: \[rest-proxy\]$/m);
    expect(proxy).toMatch(/^ {4}command: \['node', 'dist\/tools\/rest-proxy\.js'\]$/m);
  });

  it('the systemd units run as their own users and do not restart on a bad setting', () => {
    const bot = read('deploy/senet-bot.service');
    expect(bot).toMatch(/^User=senet$/m);
    const proxy = read('deploy/senet-rest-proxy.service');
    expect(proxy).toMatch(/^DynamicUser=yes$/m);
    expect(proxy).toMatch(/^ExecStart=\/usr\/bin\/node dist\/tools\/rest-proxy\.js$/m);
    for (const unit of [bot, proxy]) {
      expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
      expect(unit).toMatch(/^RestartPreventExitStatus=78$/m);
    }
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

  it.skipIf(!installed('systemd-analyze'))(
    'systemd rates both units at an exposure of 2.0 or less (systemd-analyze security --offline=yes)',
    () => {
      for (const unit of ['deploy/senet-bot.service', 'deploy/senet-rest-proxy.service'])
        expect(exposure(unit), unit).toBeLessThanOrEqual(2.0);
    },
  );
});

describe('monitoring as files', () => {
  it.skipIf(!installed('promtool'))('promtool accepts the alerting rules, their unit tests and the scrape config', () => {
    const run = (...args: string[]) =>
      execFileSync('promtool', args, { cwd: join(ROOT, 'deploy/prometheus'), encoding: 'utf8' });
    expect(run('check', 'rules', 'senet.rules.yml')).toMatch(/SUCCESS/);
    expect(run('test', 'rules', 'senet.rules.test.yml')).toMatch(/SUCCESS/);
    expect(run('check', 'config', 'prometheus.yml')).toMatch(/SUCCESS/);
  });

  it('the rules and the dashboard use only metrics the bot exports', async () => {
    const exported = await exportedMetrics();
    const rules = read('deploy/prometheus/senet.rules.yml');
    const dashboard = JSON.parse(read('deploy/grafana/senet-bot.json')) as { panels: GrafanaPanel[] };
    const queries = [rules, ...dashboard.panels.flatMap((panel) => panel.targets.map((t) => t.expr))].join('\n');
    const used = metricsIn(queries);
    expect(used).toEqual(expect.arrayContaining(['senet_gateway_ready', 'senet_database_writable', 'up']));
    expect(used.filter((name) => !exported.has(name))).toEqual([]);
  });

  it('every alert says what it means and what to do in docs/operations.md', () => {
    const rules = read('deploy/prometheus/senet.rules.yml');
    const alerts = [...rules.matchAll(/^ {6}- alert: (\w+)$/gm)].map((m) => m[1]!);
    const runbooks = [...rules.matchAll(/^ {10}runbook: docs\/operations\.md#(\S+)$/gm)].map((m) => m[1]!);
    expect(runbooks).toEqual(alerts.map((alert) => alert.toLowerCase()));
    const documented = anchors(read('docs/operations.md'));
    expect(runbooks.filter((anchor) => !documented.has(anchor))).toEqual([]);
  });

  it("the dashboard's panels have their own ids and fit Grafana's 24 columns without overlapping", () => {
    const { panels } = JSON.parse(read('deploy/grafana/senet-bot.json')) as { panels: GrafanaPanel[] };
    expect(new Set(panels.map((p) => p.id)).size).toBe(panels.length);
    const cells = new Set<string>();
    for (const { gridPos: g, title } of panels) {
      expect(g.x + g.w, title).toBeLessThanOrEqual(24);
      for (let x = g.x; x < g.x + g.w; x++)
        for (let y = g.y; y < g.y + g.h; y++) {
          expect(cells.has(`${x},${y}`), `${title} overlaps at ${x},${y}`).toBe(false);
          cells.add(`${x},${y}`);
        }
    }
  });

});
