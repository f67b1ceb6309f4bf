import { describe, expect, it } from 'vitest';
import { flagsOf, moduleTree, normaliseHost } from '../src/platform/brand';
import { normaliseIp } from '../src/platform/client-ip';
import { countryOf, isNonPublicIp } from '../src/platform/geo';

describe('normaliseIp', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4'],
    [' 1.2.3.4 ', '1.2.3.4'],
    ['1.2.3.4:8080', '1.2.3.4'],
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['::FFFF:1.2.3.4', '1.2.3.4'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['2001:DB8::1', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['unknown', ''],
    ['', ''],
    ['999.1.1.1', ''],
  ])('%s → %s', (input, expected) => {
    expect(normaliseIp(input)).toBe(expected);
  });
});

describe('countryOf', () => {
  it('places public addresses with geoip-country', () => {
    expect(countryOf('103.4.145.1')).toBe('BD');
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('2001:4860:4860::8888')).toBe('US');
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
  ])('answers the unknown country for the non-public address %s', (ip) => {
    expect(isNonPublicIp(ip)).toBe(true);
    expect(countryOf(ip)).toBe('');
  });

  it('treats addresses just outside the private ranges as public', () => {
    for (const ip of ['172.32.0.1', '192.169.0.1', '100.128.0.1', '11.0.0.1']) expect(isNonPublicIp(ip)).toBe(false);
  });

  it('answers the unknown country for text that is not an address', () => {
    expect(countryOf('')).toBe('');
    expect(countryOf('localhost')).toBe('');
  });
});

describe('normaliseHost', () => {
  it.each([
    ['Khela.Example:8080', 'khela.example'],
    ['localhost', 'localhost'],
    ['khela.example.', 'khela.example'],
    ['[::1]:3000', '[::1]'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(normaliseHost(input)).toBe(expected);
  });
});

describe('whitelabel module tree', () => {
  const rows = [
    { code: 'REGISTER', parent_code: null, enabled: true },
    { code: 'DIRECTREG3', parent_code: 'REGISTER', enabled: true },
    { code: 'MOBILENUMREG3', parent_code: 'REGISTER', enabled: false },
    { code: 'LOGIN', parent_code: null, enabled: false },
    { code: 'FREEPLAY3', parent_code: 'LOGIN', enabled: true },
    { code: 'CBS3', parent_code: 'GONE', enabled: true },
  ];

  it('nests children under their parent and keeps orphans at the root', () => {
    const tree = moduleTree(rows);
    expect(tree.map((m) => m.code)).toEqual(['REGISTER', 'LOGIN', 'CBS3']);
    expect(tree[0]?.children.map((m) => m.code)).toEqual(['DIRECTREG3', 'MOBILENUMREG3']);
  });

  it('turns a flag on only when it and every parent are enabled', () => {
    expect(flagsOf(moduleTree(rows))).toEqual({
      DIRECTREG3: true,
      MOBILEVERCODELOGIN3: false,
      CBS3: true,
      MOBILENUMREG3: false,
      REGMOBVERF3: false,
      MOBILENUMPASSREG3: false,
      FREEPLAY3: false,
      PWDEXPFORCECHANGE3: false,
    });
  });
});
