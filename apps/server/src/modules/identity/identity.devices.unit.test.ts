import { describe, expect, it } from 'vitest';
import { deviceLabel } from './identity.devices';

describe('deviceLabel', () => {
  it('names the browser and the system', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Safari/537.36',
      ),
    ).toBe('Chrome 120 on Windows 10');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Mobile Safari 17 on iOS 17.2 (Apple iPhone)');
  });

  it('says so when it cannot tell', () => {
    expect(deviceLabel('')).toBe('Unknown device');
    expect(deviceLabel('curl/8.5.0')).toBe('Unknown device');
  });
});
