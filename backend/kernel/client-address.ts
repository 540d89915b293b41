import { BlockList, isIP } from 'node:net';
import { lookup } from '@/contract/lookup';
import { ADDRESS_RANGES, AddressRangeError, addToBlockList } from '@/contract/net/ranges';

/**
 * Whose address a request counts under for the rate limits (issue 13, finding 1).
 *
 * X-Forwarded-For is written by whoever sent the request: any client can put anything in it. Only
 * the proxies in front of us make it worth reading, so we read it only as far as TRUSTED_PROXIES
 * vouches for them, the way Express's "trust proxy" does:
 * - none (the default): the socket's own address; forwarded headers are ignored.
 * - a hop count n: the n nearest hops are our proxies; the address n places from the server's end
 *   of the chain [X-Forwarded-For entries..., socket] is the client.
 * - a list of addresses or CIDR ranges: walking the chain from the server's end, the first address
 *   that is not one of our proxies is the client.
 *
 * Behind Next (the built-in backend inside the site) there is no socket to read: the App Router
 * does not expose one, and Next only fills X-Forwarded-For in with it when the client sent none
 * (a client's own header is passed on as is). There the server's end of the chain is unknown:
 * with no proxy trusted the address is unknown, and with proxies configured the hop next to Next
 * is taken to be the first of them (so Next must be reachable only through them; docs/deployment.md).
 *
 * An address we cannot know is not a pass: such requests share one bucket, which is limited too.
 */
export type TrustedProxies =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'list'; entries: readonly string[]; blockList: BlockList };

/** The key of the shared bucket for requests whose client address cannot be known. */
export const UNKNOWN_CLIENT = 'unknown';

/** How many X-Forwarded-For entries are read at most (from the server's end). */
const MAX_FORWARDED_ENTRIES = 32;

/** The names TRUSTED_PROXIES accepts for whole ranges. */
const NAMED_RANGES: Record<string, readonly string[]> = { loopback: ADDRESS_RANGES.loopback, private: ADDRESS_RANGES.private };

class TrustedProxiesError extends Error {}

/**
 * TRUSTED_PROXIES as written: unset, '' or '0' for none; a whole number of hops; or a
 * comma-separated list of addresses, CIDR ranges and the names `loopback` and `private`.
 */
export function parseTrustedProxies(raw: string | undefined): TrustedProxies {
  const text = raw?.trim() ?? '';
  if (text === '' || text === '0') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (!Number.isSafeInteger(hops) || hops > MAX_FORWARDED_ENTRIES) throw new TrustedProxiesError(`at most ${MAX_FORWARDED_ENTRIES} hops`);
    return { kind: 'hops', hops };
  }
  const blockList = new BlockList();
  const entries: string[] = [];
  for (const item of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    for (const entry of lookup(NAMED_RANGES, item.toLowerCase()) ?? [item]) {
      try {
        addToBlockList(blockList, entry);
      } catch (error) {
        if (!(error instanceof AddressRangeError)) throw error;
        throw new TrustedProxiesError(
          isIP(entry.split('/')[0] ?? '') === 0 ? `"${item}" is not an IP address, a CIDR range, loopback or private` : `"${item}" has an invalid prefix length`,
        );
      }
      entries.push(entry);
    }
  }
  if (entries.length === 0) return { kind: 'none' };
  return { kind: 'list', entries, blockList };
}

/** A canonical IP address from what a proxy wrote ("1.2.3.4:5678", "[::1]:443", "::ffff:1.2.3.4"), or undefined. */
function normaliseAddress(raw: string | undefined): string | undefined {
  let text = raw?.trim().toLowerCase();
  if (!text || text.length > 64) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped) text = mapped[1]!;
  text = text.replace(/%.*$/, ''); // an IPv6 zone index says nothing about the client
  return isIP(text) === 0 ? undefined : text;
}

/** The server's end of the chain when no socket address is known (behind Next). */
const UNSEEN_PEER = Symbol('unseen peer');
type Hop = string | undefined | typeof UNSEEN_PEER;

export interface ClientAddressInput {
  /** The X-Forwarded-For header as received (null when absent). */
  forwardedFor: string | null | undefined;
  /** The TCP peer, when this process holds the socket (the standalone backend). */
  peer: string | undefined;
  trust: TrustedProxies;
}

/** The client's address, or undefined when it cannot be known (see the module comment). */
export function resolveClientAddress({ forwardedFor, peer, trust }: ClientAddressInput): string | undefined {
  const end: Hop = peer === undefined ? UNSEEN_PEER : normaliseAddress(peer);
  if (trust.kind === 'none') return end === UNSEEN_PEER ? undefined : end;

  const forwarded = (forwardedFor ?? '')
    .split(',')
    .slice(-MAX_FORWARDED_ENTRIES)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const chain: Hop[] = [...forwarded.map(normaliseAddress), end];

  let client: Hop;
  if (trust.kind === 'hops') {
    client = chain[Math.max(0, chain.length - 1 - trust.hops)];
  } else {
    const isProxy = (hop: Hop) =>
      hop === UNSEEN_PEER || (typeof hop === 'string' && trust.blockList.check(hop, isIP(hop) === 4 ? 'ipv4' : 'ipv6'));
    let i = chain.length - 1;
    while (i > 0 && isProxy(chain[i])) i--;
    client = chain[i];
  }
  return typeof client === 'string' ? client : undefined;
}

/**
 * The rate limiter's key for an address: IPv4 as is, IPv6 by its /64 (one home or phone is given a
 * whole /64 and can use any address in it), and one shared key for an unknown address.
 */
export function rateLimitKey(address: string | undefined): string {
  if (!address) return UNKNOWN_CLIENT;
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The warning a production server logs once at start when it can never know a client's address
 * (issue 32): no TRUSTED_PROXIES (and not on Vercel, whose edge is trusted by default) and no
 * socket of its own (the built-in backend inside Next). Then every visitor shares one form bucket,
 * and a script's posts make the forms answer 429 for everyone. Undefined when all is well.
 */
export function unknownClientWarning({ production, trust, socket }: { production: boolean; trust: TrustedProxies; socket: boolean }): string | undefined {
  if (!production || socket || trust.kind !== 'none') return undefined;
  // One line (a JSON log line, level warn): the words stay loud.
  return [
    'WARNING: TRUSTED_PROXIES is not set, so no client address can be known here.',
    'Every visitor shares ONE rate-limit bucket for the forms: a single script can',
    'make every form answer 429 for everyone (staff sign-in has its own limit).',
    'Set TRUSTED_PROXIES to your proxy (a hop count, or addresses/ranges); docs/deployment.md.',
  ].join(' ');
}
