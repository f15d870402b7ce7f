import { UAParser } from 'ua-parser-js';

/** 'Chrome 120 on Windows 10', 'Safari on iOS 17.2', or 'Unknown device': how a session's device is named. */
export function deviceLabel(userAgent: string): string {
  if (userAgent.trim() === '') return 'Unknown device';
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const major = browser.version?.split('.')[0];
  const app = browser.name ? [browser.name, major].filter(Boolean).join(' ') : '';
  const system = os.name ? [os.name, os.version].filter(Boolean).join(' ') : '';
  const hardware = device.vendor && device.model ? `${device.vendor} ${device.model}` : '';
  const where = [system, hardware && `(${hardware})`].filter(Boolean).join(' ');
  if (app && where) return `${app} on ${where}`;
  return app || where || 'Unknown device';
}
