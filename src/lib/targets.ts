// Webhook targets that cannot be turned against us (SSRF): a URL must be http(s), and every address
// its host resolves to must be a public unicast address, not loopback, private, link-local (cloud
// metadata lives at 169.254.169.254), unique-local, CGNAT, multicast or reserved. Checked when a
// subscription is registered and again at every delivery, on the address actually connected to, so a
// name that re-resolves to an internal address later (DNS rebinding) is refused too.
// WEBHOOK_ALLOW_PRIVATE_TARGETS=1 lifts the address rule for local development and tests.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why an address may not receive webhooks, or undefined when it may. */
export function forbiddenAddress(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'is not an IP address';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  // IPv4-compatible IPv6 (::a.b.c.d, deprecated by RFC 4291) reaches the IPv4 address on many stacks, yet
  // ipaddr.js calls all of ::/96 unicast: judged as the IPv4 address it carries.
  else if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) {
    const parts = (parsed as ipaddr.IPv6).parts;
    parsed = new ipaddr.IPv4([parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff]);
  }
  const range = parsed.range();
  return range === 'unicast'
    ? undefined
    : `resolves to a ${range} address (${address}), which cannot receive webhooks (an operator may allow private targets for ` +
        `development with WEBHOOK_ALLOW_PRIVATE_TARGETS=1)`;
}

/** Checks a URL's form and, unless private targets are allowed, where its host resolves; the reason when refused. */
export async function refusedTarget(url: URL, allowPrivate: boolean): Promise<string | undefined> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must use http or https';
  if (url.username || url.password) return 'must not contain credentials; authenticate deliveries with the signing secret';
  if (allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (
        await new Promise<LookupAddress[]>((resolve, reject) =>
          dnsLookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
        )
      ).map((a) => a.address);
    } catch {
      return undefined; // not resolvable now: every delivery checks again before it connects
    }
  }
  for (const address of addresses) {
    const reason = forbiddenAddress(address);
    if (reason) return reason;
  }
  return undefined;
}

/** A `lookup` for node:http that refuses forbidden addresses, so the connection goes only where was checked. */
export function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: object,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const refused = allowPrivate ? undefined : list.map((a) => forbiddenAddress(a.address)).find(Boolean);
      if (refused) return callback(Object.assign(new Error(`target ${refused}`), { code: 'EFORBIDDENTARGET' }), []);
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
