import { describe, expect, it } from 'vitest';
import { anonymiseIp } from '../../server/visits/address.ts';

describe('IPv4 keeps its first three octets', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0'],
    ['127.0.0.1', '127.0.0.0'],
    ['192.168.178.254', '192.168.178.0'],
    ['10.0.0.0', '10.0.0.0'],
    ['255.255.255.255', '255.255.255.0'],
    ['0.0.0.0', '0.0.0.0'],
    ['  198.51.100.42 ', '198.51.100.0'],
  ])('%s → %s', (address, expected) => {
    expect(anonymiseIp(address)).toBe(expected);
  });
});

describe('IPv6 keeps its first 48 bits', () => {
  it.each([
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::'],
    ['2001:0DB8:85A3:08D3:1319:8A2E:0370:7348', '2001:db8:85a3::'],
    ['2a02:8109:b6c0:1234::1', '2a02:8109:b6c0::'],
    ['2001:db8::1', '2001:db8::'],
    ['2001:db8:0:1::ff', '2001:db8::'],
    ['2001:0:0:1:2:3:4:5', '2001::'],
    ['fe80::1%eth0', 'fe80::'],
    ['fe80::abcd:1234%25', 'fe80::'],
    ['::1', '::'],
    ['::', '::'],
    ['1:2:3:4:5:6:7:8', '1:2:3::'],
    ['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'ffff:ffff:ffff::'],
    ['::ffff:1:2:3', '::'],
    // An IPv4 tail on an address that is not IPv4-mapped is just the low 32 bits.
    ['64:ff9b::192.0.2.33', '64:ff9b::'],
  ])('%s → %s', (address, expected) => {
    expect(anonymiseIp(address)).toBe(expected);
  });

  it('never returns any of the last 80 bits', () => {
    const result = anonymiseIp('2001:db8:85a3:dead:beef:cafe:babe:f00d');
    for (const group of ['dead', 'beef', 'cafe', 'babe', 'f00d']) expect(result).not.toContain(group);
  });
});

describe('IPv4-mapped IPv6 is treated as IPv4', () => {
  it.each([
    ['::ffff:203.0.113.7', '203.0.113.0'],
    ['::FFFF:127.0.0.1', '127.0.0.0'],
    ['::ffff:cb00:7107', '203.0.113.0'],
    ['0:0:0:0:0:ffff:c0a8:b201', '192.168.178.0'],
  ])('%s → %s', (address, expected) => {
    expect(anonymiseIp(address)).toBe(expected);
  });
});

describe('anything that is not an address is never stored', () => {
  it.each([
    [''],
    ['   '],
    ['localhost'],
    ['203.0.113'],
    ['203.0.113.256'],
    ['203.0.113.7, 198.51.100.1'],
    ['2001:db8::1::2'],
    ['gggg::1'],
    ['203.0.113.7:8080'],
    ['unknown'],
  ])('%j → empty', (address) => {
    expect(anonymiseIp(address)).toBe('');
  });

  it('undefined and null give empty text', () => {
    expect(anonymiseIp(undefined)).toBe('');
    expect(anonymiseIp(null)).toBe('');
  });
});
