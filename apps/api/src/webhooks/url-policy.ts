import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { isWebhookUrl, mailingMessages } from '@site/page-content';

// Loopback, private, link-local, shared, documentation, benchmark, multicast and reserved ranges:
// a webhook aimed there would let an owner make the server probe its own network.
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // ::ffff:10.0.0.1 reaches the IPv4 address it embeds.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  return !PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type Resolver = (host: string) => Promise<string[]>;
const systemResolver: Resolver = async (host) => (await lookup(host, { all: true })).map((a) => a.address);

export interface UrlPolicy {
  /** Production refuses hosts that resolve to any non-public address; development allows 127.0.0.1. */
  production: boolean;
  resolve?: Resolver;
}

/** Undefined when the URL may receive webhooks, else the message saying why not. */
export async function webhookUrlProblem(url: string, policy: UrlPolicy): Promise<string | undefined> {
  if (!isWebhookUrl(url)) return mailingMessages.webhookUrlInvalid;
  if (!policy.production) return undefined;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (policy.resolve ?? systemResolver)(host);
  } catch {
    return mailingMessages.webhookUrlInvalid;
  }
  return addresses.length > 0 && addresses.every(isPublicAddress) ? undefined : mailingMessages.webhookUrlPrivate;
}
