import { describe, expect, it } from 'vitest';
import { CS_PATH_KEY_LENGTH, decryptCsPath, encryptCsPath, randomCsPathKey } from './cs-path';

describe('customer-service path obfuscation', () => {
  it('decrypts what it encrypts, the key being the last 8 characters', () => {
    const path = encryptCsPath('https://t.me/khela_demo_support', 'Ab3dEf7h');
    expect(path.endsWith('Ab3dEf7h')).toBe(true);
    expect(path).not.toContain('t.me');
    expect(decryptCsPath(path)).toBe('https://t.me/khela_demo_support');
  });

  it('is deterministic for a given key and URL-safe', () => {
    const a = encryptCsPath('https://example.com/chat?room=1&lang=bn', 'KEY12345');
    expect(a).toBe(encryptCsPath('https://example.com/chat?room=1&lang=bn', 'KEY12345'));
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('round-trips any text, Bengali and emoji included, with random keys', () => {
    const samples = ['', 'a', 'https://wa.me/8801700000000', 'সাপোর্ট চ্যাট', '🎲 খেলা ✓', 'x'.repeat(1000)];
    for (let i = 0; i < 200; i++) {
      samples.push(
        String.fromCodePoint(...Array.from({ length: i % 40 }, (_, j) => 32 + ((i * 7919 + j * 104729) % 0x2fff))),
      );
    }
    for (const plain of samples) expect(decryptCsPath(encryptCsPath(plain))).toBe(plain);
  });

  it('draws keys of 8 alphanumeric characters', () => {
    const keys = new Set(Array.from({ length: 200 }, randomCsPathKey));
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(keys.size).toBeGreaterThan(195);
    expect(CS_PATH_KEY_LENGTH).toBe(8);
  });

  it('refuses a bad key and paths it did not produce', () => {
    expect(() => encryptCsPath('x', 'short')).toThrow();
    expect(() => encryptCsPath('x', 'with-dash')).toThrow();
    expect(() => decryptCsPath('abc')).toThrow();
    expect(() => decryptCsPath('no+base64!Ab3dEf7h')).toThrow();
    expect(() => decryptCsPath('https://t.me/plain')).toThrow();
  });
});
