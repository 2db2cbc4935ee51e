// The metrics module on its own: route labels never carry a credential or an id, every series
// carries its shard, and METRICS_PORT / METRICS_HOST are read as documented (docs/operations.md).
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/bot/config.js';
import { Metrics } from '../../src/bot/metrics.js';
import { routeTemplate } from '../../src/bot/routeTemplate.js';

const TOKEN = 'aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWg';

describe('route labels', () => {
  it('keep the route words and discord.js placeholders', () => {
    expect(routeTemplate('/interactions/:id/:token/callback')).toBe('/interactions/:id/:token/callback');
    expect(routeTemplate('/webhooks/:id/:token/messages/@original')).toBe('/webhooks/:id/:token/messages/@original');
    expect(routeTemplate('/channels/:id/messages/:id/threads')).toBe('/channels/:id/messages/:id/threads');
  });

  it('replace whatever discord.js left in place (short ids, tokens, queries) with :id', () => {
    expect(routeTemplate('/channels/123/messages')).toBe('/channels/:id/messages');
    expect(routeTemplate(`/webhooks/123/${TOKEN}/messages/@original?wait=true`)).toBe(
      '/webhooks/:id/:id/messages/@original',
    );
    expect(routeTemplate(`/interactions/1/${TOKEN.toLowerCase().replace(/\d/g, '')}/callback`)).toBe(
      '/interactions/:id/:id/callback',
    );
  });

  it('reach the scraped text only as templates', async () => {
    const metrics = new Metrics({ id: 2, count: 3 });
    metrics.discordResponse('patch', `/webhooks/123/${TOKEN}/messages/@original`, 429);
    const text = await metrics.text();
    expect(text).not.toContain(TOKEN);
    expect(text).toContain(
      'senet_discord_responses_total{method="PATCH",route="/webhooks/:id/:id/messages/@original",status="429",shard="2"} 1',
    );
  });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  const base = { DISCORD_TOKEN: 'abc', DISCORD_APPLICATION_ID: '123456789012345678' };

  it('are off, on loopback, by default', () => {
    const result = loadConfig(base);
    expect(result.ok && result.config.metricsPort).toBeUndefined();
    expect(result.ok && result.config.metricsHost).toBe('127.0.0.1');
  });

  it('read a port and an address', () => {
    const result = loadConfig({ ...base, METRICS_PORT: ' 9464 ', METRICS_HOST: '0.0.0.0' });
    expect(result).toMatchObject({ ok: true, config: { metricsPort: 9464, metricsHost: '0.0.0.0' } });
  });

  it('refuse a port that is not one, naming the setting', () => {
    for (const port of ['0', '65536', '94.5', 'http']) {
      const result = loadConfig({ ...base, METRICS_PORT: port });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.invalid).toEqual([expect.stringContaining(`METRICS_PORT`)]);
    }
  });
});
