import { describe, expect, it } from 'vitest';
import { addressKey } from '../../src/lib/address-key.ts';

describe('the address a per-address limit counts a caller under', () => {
  it('counts IPv4 as it is, and an IPv4-mapped IPv6 address, in either spelling, as its IPv4', () => {
    expect(addressKey('198.51.100.9')).toBe('198.51.100.9');
    expect(addressKey('::ffff:198.51.100.9')).toBe('198.51.100.9');
    expect(addressKey('::FFFF:198.51.100.9')).toBe('198.51.100.9');
    expect(addressKey('::ffff:c633:6409')).toBe('198.51.100.9');
    expect(addressKey('0:0:0:0:0:ffff:c633:6409')).toBe('198.51.100.9');
  });

  it('counts IPv6 by its /64 by default, however the address is written', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2::')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('counts IPv6 by the prefix the setting names, cutting inside a group when it is not a multiple of 16', () => {
    expect(addressKey('2001:db8:1:2::1', 48)).toBe('2001:db8:1::/48');
    expect(addressKey('2001:db8:1:ff::1', 56)).toBe('2001:db8:1:0::/56');
    expect(addressKey('2001:db8:1:1ff::1', 56)).toBe('2001:db8:1:100::/56');
    expect(addressKey('2001:db8:1:2:3:4:5:6', 128)).toBe('2001:db8:1:2:3:4:5:6/128');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
