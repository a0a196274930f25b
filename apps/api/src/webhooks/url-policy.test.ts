import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mailingMessages } from '@site/page-content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from './dispatcher';
import { deliveryUrlProblem, isPublicAddress, RefusedAddressError, webhookUrlProblem } from './url-policy';

const strict = { allowPrivate: false };

/** Addresses an owner could name to reach the server's own network, in every spelling URL accepts. */
const INTERNAL_URLS = [
  'http://127.0.0.1:9/hook',
  'http://127.1:9/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0x7f.0.0.1/',
  'http://0177.0.0.1/',
  'http://017700000001/',
  'http://0/',
  'http://10.0.0.5/',
  'http://172.16.3.4/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://[::1]/',
  'http://[::]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::127.0.0.1]/',
  'http://[fd00::1]/',
  'http://[fc12:3456::1]/',
  'http://[fe80::1]/',
  'http://[64:ff9b::a00:1]/',
  'http://[2002:7f00:1::]/',
];

describe('webhook URL policy', () => {
  it('tells public addresses from loopback, private, link-local, mapped and embedding ones', () => {
    for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '::7f00:1',
      '2002:a00:1::1',
      'nonsense',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it.each(INTERNAL_URLS)('refuses %s by default, with no name to resolve', async (url) => {
    const resolve = () => Promise.reject(new Error(`no lookup expected for ${url}`));
    expect(await webhookUrlProblem(url, { ...strict, resolve })).toBe(mailingMessages.webhookUrlPrivate);
    expect(deliveryUrlProblem(url, strict)).toBe(mailingMessages.webhookUrlPrivate);
    // The development switch lets a receiver on this machine through.
    expect(await webhookUrlProblem(url, { allowPrivate: true, resolve })).toBeUndefined();
  });

  it('refuses malformed URLs always, and names resolving to any private address unless allowed', async () => {
    expect(await webhookUrlProblem('javascript:alert(1)', { allowPrivate: true })).toBe(
      mailingMessages.webhookUrlInvalid,
    );
    const resolve = async (host: string) =>
      host === 'hooks.example' ? ['93.184.216.34'] : ['93.184.216.34', '10.0.0.5'];
    expect(await webhookUrlProblem('https://hooks.example/x', { ...strict, resolve })).toBeUndefined();
    expect(await webhookUrlProblem('https://rebind.example/x', { ...strict, resolve })).toBe(
      mailingMessages.webhookUrlPrivate,
    );
    expect(
      await webhookUrlProblem('https://rebind.example/x', { allowPrivate: true, resolve }),
    ).toBeUndefined();
    const failing = { ...strict, resolve: () => Promise.reject(new Error('ENOTFOUND')) };
    expect(await webhookUrlProblem('https://nowhere.invalid/', failing)).toBe(
      mailingMessages.webhookUrlInvalid,
    );
    // A name is left to the connection's own check.
    expect(deliveryUrlProblem('https://hooks.example/x', strict)).toBeUndefined();
  });
});

describe('webhook delivery connects to the address it checked', () => {
  let receiver: Server;
  let port: number;
  const received: string[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      received.push(`${req.headers.host} ${req.url}`);
      res.statusCode = 204;
      res.end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  const send = (host: string, policy: Parameters<typeof postWebhook>[1]) =>
    postWebhook(`http://${host}:${port}/hook`, policy, '{}', { 'content-type': 'application/json' });

  it('refuses a name that resolves to this machine before any byte is sent', async () => {
    received.length = 0;
    const resolve = async () => ['127.0.0.1'];
    await expect(send('hooks.test', { ...strict, resolve })).rejects.toThrow(RefusedAddressError);
    await expect(send('hooks.test', { ...strict, resolve })).rejects.toThrow(
      mailingMessages.webhookUrlPrivate,
    );
    expect(received).toEqual([]);
  });

  it('resolves once per delivery: a rebinding name that answered publicly at registration is refused', async () => {
    received.length = 0;
    const answers = [['93.184.216.34'], ['127.0.0.1'], ['93.184.216.34']];
    let lookups = 0;
    const policy = { ...strict, resolve: async () => answers[lookups++]! };
    expect(await webhookUrlProblem(`http://rebind.test:${port}/hook`, policy)).toBeUndefined();
    // The delivery's own lookup answers 127.0.0.1: refused, and no third lookup (which would
    // answer publicly again) decides where the socket goes.
    await expect(send('rebind.test', policy)).rejects.toThrow(mailingMessages.webhookUrlPrivate);
    expect(lookups).toBe(2);
    expect(received).toEqual([]);
  });

  it('sends to the resolved address itself, keeping the name in the Host header', async () => {
    received.length = 0;
    let lookups = 0;
    // No name server knows receiver.test: the answer reaching the receiver proves the socket went
    // to the address this lookup gave, not to a second resolution.
    const policy = {
      allowPrivate: true,
      resolve: async () => {
        lookups += 1;
        return ['127.0.0.1'];
      },
    };
    expect(await send('receiver.test', policy)).toBe(204);
    expect(lookups).toBe(1);
    expect(received).toEqual([`receiver.test:${port} /hook`]);
  });
});
