import { describe, expect, it } from 'vitest';
import { limitedNetwork } from './client-network.ts';

describe('limitedNetwork', () => {
  it('keeps an IPv4 address, and the IPv4 address inside an IPv4-mapped one', () => {
    expect(limitedNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(limitedNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const one = limitedNetwork('2001:db8:a:b:1:2:3:4');
    expect(one).toBe('2001:db8:a:b::/64');
    expect(limitedNetwork('2001:0db8:000a:000b:ffff:ffff:ffff:ffff')).toBe(one);
    expect(limitedNetwork('2001:db8:a:b::9')).toBe(one);
    expect(limitedNetwork('2001:db8:a:c::9')).not.toBe(one);
    expect(limitedNetwork('::1')).toBe('0:0:0:0::/64');
    expect(limitedNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything that is no address as it is', () => {
    expect(limitedNetwork('unknown')).toBe('unknown');
  });
});
