import { mailingMessages } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, webhookUrlProblem } from './url-policy';

describe('webhook URL policy', () => {
  it('tells public addresses from loopback, private, link-local and mapped ones', () => {
    for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700::1111']) expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', 'nonsense']) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('refuses malformed URLs always, and in production names resolving to any private address', async () => {
    const dev = { production: false };
    expect(await webhookUrlProblem('http://127.0.0.1:9/hook', dev)).toBeUndefined();
    expect(await webhookUrlProblem('javascript:alert(1)', dev)).toBe(mailingMessages.webhookUrlInvalid);
    const resolve = async (host: string) => (host === 'hooks.example' ? ['93.184.216.34'] : ['93.184.216.34', '10.0.0.5']);
    const prod = { production: true, resolve };
    expect(await webhookUrlProblem('https://hooks.example/x', prod)).toBeUndefined();
    expect(await webhookUrlProblem('https://rebind.example/x', prod)).toBe(mailingMessages.webhookUrlPrivate);
    expect(await webhookUrlProblem('http://127.0.0.1:9/hook', prod)).toBe(mailingMessages.webhookUrlPrivate);
    expect(await webhookUrlProblem('http://[::1]/hook', prod)).toBe(mailingMessages.webhookUrlPrivate);
    const failing = { production: true, resolve: () => Promise.reject(new Error('ENOTFOUND')) };
    expect(await webhookUrlProblem('https://nowhere.invalid/', failing)).toBe(mailingMessages.webhookUrlInvalid);
  });
});
