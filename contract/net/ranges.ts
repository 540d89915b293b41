import { BlockList, isIP } from 'node:net';

/**
 * The address ranges the site and the backend reason about, in one list: which proxies
 * TRUSTED_PROXIES may name as `loopback` or `private` (backend/kernel/client-address.ts), and which
 * image hosts count as on this machine or a private network (lib/images/remote.ts).
 */
export const ADDRESS_RANGES = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  linkLocal: ['169.254.0.0/16', 'fe80::/10'],
} as const satisfies Record<string, readonly string[]>;

export type RangeName = keyof typeof ADDRESS_RANGES;

export class AddressRangeError extends Error {}

/** Adds one address or CIDR range ("10.0.0.0/8", "::1") to a BlockList; throws AddressRangeError when malformed. */
export function addToBlockList(blockList: BlockList, entry: string): void {
  const [address = '', prefixText] = entry.split('/');
  const family = isIP(address);
  if (family === 0) throw new AddressRangeError('not an IP address or a CIDR range');
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) {
    blockList.addAddress(address, type);
    return;
  }
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
  if (!(prefix >= 0 && prefix <= (family === 4 ? 32 : 128))) throw new AddressRangeError('an invalid prefix length');
  blockList.addSubnet(address, prefix, type);
}

/** A BlockList of the named ranges. */
export function blockListOf(names: readonly RangeName[]): BlockList {
  const blockList = new BlockList();
  for (const name of names) for (const entry of ADDRESS_RANGES[name]) addToBlockList(blockList, entry);
  return blockList;
}

/** Whether an IP address (v4, v6, or v4-mapped v6) is in the BlockList; false for anything else. */
export function contains(blockList: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && blockList.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
