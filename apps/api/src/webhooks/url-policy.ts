import { lookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
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
// IPv4-mapped addresses (::ffff:a.b.c.d, in either spelling) are matched against the IPv4 ranges
// by BlockList itself. The IPv4-compatible (::/96), NAT64, 6to4 and Teredo ranges embed an IPv4
// address a relay may forward to, so none of them counts as public.
for (const [net, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type Resolver = (host: string) => Promise<string[]>;
const systemResolver: Resolver = async (host) => (await lookup(host, { all: true })).map((a) => a.address);

export interface UrlPolicy {
  /**
   * Lets webhooks reach loopback and private addresses: for development against a receiver on
   * this machine only (WEBHOOKS_ALLOW_PRIVATE). Off, only public addresses are reached.
   */
  allowPrivate: boolean;
  /** How host names are resolved (the system's resolver when absent). */
  resolve?: Resolver;
}

/** The hostname of a URL as an address or a name: URL has already turned 2130706433 into 127.0.0.1. */
function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^\[|\]$/g, '');
}

function addressProblem(addresses: readonly string[], policy: UrlPolicy): string | undefined {
  if (addresses.length === 0) return mailingMessages.webhookUrlInvalid;
  if (policy.allowPrivate) return undefined;
  return addresses.every(isPublicAddress) ? undefined : mailingMessages.webhookUrlPrivate;
}

/**
 * Undefined when the URL may receive webhooks, else the message saying why not. The name is
 * resolved here to answer the owner at once; a delivery does not trust this answer (DNS can
 * change) and checks the addresses it connects to through `checkedLookup`.
 */
export async function webhookUrlProblem(url: string, policy: UrlPolicy): Promise<string | undefined> {
  if (!isWebhookUrl(url)) return mailingMessages.webhookUrlInvalid;
  const host = hostOf(url);
  if (isIP(host)) return addressProblem([host], policy);
  try {
    return addressProblem(await (policy.resolve ?? systemResolver)(host), policy);
  } catch {
    return mailingMessages.webhookUrlInvalid;
  }
}

/** The checks a delivery can make before connecting: the URL's form and an address written in it. */
export function deliveryUrlProblem(url: string, policy: UrlPolicy): string | undefined {
  if (!isWebhookUrl(url)) return mailingMessages.webhookUrlInvalid;
  const host = hostOf(url);
  return isIP(host) ? addressProblem([host], policy) : undefined;
}

export class RefusedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for node:http(s) that resolves the name once, refuses it when any address is not
 * allowed, and hands the socket exactly the addresses it checked: there is no second lookup
 * between the check and the connection for a rebinding name server to answer differently.
 */
export function checkedLookup(policy: UrlPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    (policy.resolve ?? systemResolver)(hostname).then(
      (addresses) => {
        const problem = addressProblem(addresses, policy);
        if (problem) return callback(new RefusedAddressError(problem), '');
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
        const wanted = addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((a) => a.family !== 0 && (family === 0 || a.family === family));
        if (wanted.length === 0)
          return callback(new RefusedAddressError(mailingMessages.webhookUrlInvalid), '');
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}
