/**
 * IP address classification for the safe fetcher (CONTRACT.md "Safe fetch of untrusted URLs").
 * Threat model: a feed URL (or a redirect, or a DNS answer) pointing the server at itself, the
 * cloud metadata service or the private network. Only globally routable unicast is allowed; every
 * embedded-IPv4 form (IPv4-mapped, IPv4-compatible, NAT64, 6to4) is judged by the IPv4 inside it.
 * Pure: no DNS, no sockets.
 */

/** Parse a dotted-quad IPv4 address into 4 octets, or null (only the canonical form DNS returns). */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const octets: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    octets.push(n);
  }
  return octets;
}

/** Parse an IPv6 address (with optional zone and embedded IPv4 tail) into 8 16-bit groups, or null. */
export function parseIPv6(text: string): number[] | null {
  let s = text.replace(/^\[|\]$/g, '');
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(':')) return null;
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  const last = s.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIPv4(last);
    if (!v4) return null;
    tail = [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
    s = s.slice(0, lastColon + 1) + '0:0';
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parseGroups = (part: string): number[] | null => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const g of part.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      groups.push(parseInt(g, 16));
    }
    return groups;
  };
  const head = parseGroups(halves[0]!);
  const rest = halves.length === 2 ? parseGroups(halves[1]!) : [];
  if (!head || !rest) return null;
  let groups: number[];
  if (halves.length === 2) {
    const missing = 8 - head.length - rest.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...rest];
  } else {
    groups = head;
  }
  if (groups.length !== 8) return null;
  if (tail.length === 2) {
    groups[6] = tail[0]!;
    groups[7] = tail[1]!;
  }
  return groups;
}

function inV4(o: number[], base: [number, number, number, number], bits: number): boolean {
  const a = ((o[0]! << 24) | (o[1]! << 16) | (o[2]! << 8) | o[3]!) >>> 0;
  const b = ((base[0] << 24) | (base[1] << 16) | (base[2] << 8) | base[3]) >>> 0;
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return ((a & mask) >>> 0) === ((b & mask) >>> 0);
}

/** IPv4 ranges that are not globally routable unicast (IANA special-purpose registry). */
const V4_REFUSED: Array<[[number, number, number, number], number]> = [
  [[0, 0, 0, 0], 8], // "this network"
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, cloud metadata
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // TEST-NET-1
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // TEST-NET-2
  [[203, 0, 113, 0], 24], // TEST-NET-3
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

/** True when a parsed IPv4 address is globally routable unicast. */
function isPublicV4(o: number[]): boolean {
  return !V4_REFUSED.some(([base, bits]) => inV4(o, base, bits));
}

function embeddedV4(hi: number, lo: number): number[] {
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
}

/** True when a parsed IPv6 address is globally routable unicast (embedded IPv4 judged as IPv4). */
function isPublicV6(g: number[]): boolean {
  const zeroUntil = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped): only as public as the IPv4 inside.
  if (zeroUntil(5) && g[5] === 0xffff) return isPublicV4(embeddedV4(g[6]!, g[7]!));
  // ::/96 (unspecified, ::1 loopback, deprecated IPv4-compatible): refused whatever follows.
  if (zeroUntil(6)) return false;
  // 64:ff9b::/96 (NAT64 well-known prefix): judged by the IPv4 inside.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return isPublicV4(embeddedV4(g[6]!, g[7]!));
  // 64:ff9b:1::/48 local-use NAT64: private by definition.
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return false;
  // Only 2000::/3 is global unicast; this excludes fc00::/7, fe80::/10, ff00::/8 and the rest.
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if (g[0] === 0x2001 && g[1]! < 0x0200) return false; // 2001::/23 IETF special (Teredo, ORCHID...)
  if (g[0] === 0x2002) return isPublicV4(embeddedV4(g[1]!, g[2]!)); // 6to4 carries an IPv4
  if (g[0] === 0x3fff && g[1]! < 0x1000) return false; // 3fff::/20 documentation
  return true;
}

/** The family of an IP literal (4 or 6), or 0 when the text is not one. */
export function ipFamily(text: string): 0 | 4 | 6 {
  if (parseIPv4(text)) return 4;
  if (parseIPv6(text)) return 6;
  return 0;
}

/** True only for a globally routable unicast IP literal; anything unparsable is refused. */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4) return isPublicV4(v4);
  const v6 = parseIPv6(address);
  if (v6) return isPublicV6(v6);
  return false;
}
