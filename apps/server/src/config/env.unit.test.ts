import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOption } from './env';

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count, or addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 172.16.0.1,fd00::/8, loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '172.16.0.1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses trusting everyone, zero hops and malformed ranges', () => {
    for (const value of [
      'true',
      '0',
      '11',
      '10.0.0.0/33',
      '10.0.0/8',
      'proxy.example.com',
      '10.0.0.1/8/1',
      '::1/129',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
  });

  it('turns a hop count into trust of that many hops (Fastify ignores a bare number)', () => {
    const trust = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust('203.0.113.1', hop))).toEqual([true, true, false]);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });
});

describe('PUBLIC_URL', () => {
  it('is the address the server listens on when unset, so links follow PORT', () => {
    expect(loadConfig({ PORT: '3105' }).PUBLIC_URL).toBe('http://localhost:3105');
    expect(loadConfig({ PORT: '3105', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:3105');
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '::', PORT: '3105' }).PUBLIC_URL).toBe('http://localhost:3105');
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '3105' }).PUBLIC_URL).toBe('http://127.0.0.1:3105');
    expect(loadConfig({ HOST: '::1', PORT: '3105' }).PUBLIC_URL).toBe('http://[::1]:3105');
  });

  it('is taken as set, whatever the port', () => {
    expect(loadConfig({ PORT: '3105', PUBLIC_URL: 'https://app.example.com' }).PUBLIC_URL).toBe(
      'https://app.example.com',
    );
  });

  it('must be set when the port is chosen at start (PORT=0): no address can be derived', () => {
    expect(() => loadConfig({ PORT: '0' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PORT: '0', PUBLIC_URL: 'http://localhost:4000' }).PUBLIC_URL).toBe('http://localhost:4000');
  });
});
