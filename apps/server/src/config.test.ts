import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('demo mode on an address other machines reach', () => {
  it('refuses to start, saying what to set', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(() => loadConfig({ HOST })).toThrow(/MODE=production.*DEMO_PUBLIC=1/);
      expect(() => loadConfig({ MODE: 'demo', HOST, DEMO_PUBLIC: '0' })).toThrow(/DEMO_PUBLIC/);
    }
  });

  it('starts when told so with DEMO_PUBLIC=1', () => {
    const config = loadConfig({ MODE: 'demo', HOST: '0.0.0.0', DEMO_PUBLIC: '1' });
    expect(config).toMatchObject({ mode: 'demo', host: '0.0.0.0' });
  });

  it('starts on this machine only, as it always did', () => {
    for (const HOST of ['', '127.0.0.1', '127.0.1.1', '::1', '::ffff:127.0.0.1', 'localhost'])
      expect(loadConfig({ MODE: 'demo', HOST }).mode).toBe('demo');
  });

  it('is no concern of production mode', () => {
    expect(loadConfig({ MODE: 'production', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('takes DEMO_PUBLIC as 1 or 0 only', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0', DEMO_PUBLIC: 'yes' })).toThrow(
      /DEMO_PUBLIC must be one of 0, 1/,
    );
  });
});
