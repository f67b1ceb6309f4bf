import { describe, expect, it } from 'vitest';
import { controlCharacterFields, lineBreakPaths, multilineText, textFields } from './text';
import { z } from './zod';

describe('textFields', () => {
  it('finds text inside objects, arrays, records, unions, wrappers and pipes', () => {
    const schema = z
      .object({
        name: z.string().max(10),
        tags: z.array(z.string()).optional(),
        notes: z.record(z.string(), z.string()),
        either: z.union([z.string(), z.number()]),
        trimmed: z.string().transform((s) => s.trim()),
        count: z.number(),
        nested: z.object({ note: multilineText(z.string().max(500)).nullable() }),
      })
      .strict();
    expect(textFields(schema)).toEqual([
      { path: ['name'], multiline: false },
      { path: ['tags', '*'], multiline: false },
      { path: ['notes', '*'], multiline: false },
      { path: ['either'], multiline: false },
      { path: ['trimmed'], multiline: false },
      { path: ['nested', 'note'], multiline: true },
    ]);
  });

  it('walks a recursive schema without looping: its first level stands for the deeper ones', () => {
    type Node = { label: string; children: Node[] };
    const Node: z.ZodType<Node> = z.lazy(() => z.object({ label: z.string(), children: z.array(Node) }));
    expect(textFields(Node).map((f) => f.path.join('.'))).toEqual(['label']);
  });

  it('refuses a kind of schema it does not know, so no input goes unchecked unnoticed', () => {
    expect(() => textFields(z.object({ m: z.map(z.string(), z.string()) }))).toThrow(/map/);
  });
});

describe('controlCharacterFields', () => {
  it('accepts ordinary text in any script', () => {
    expect(controlCharacterFields({ a: 'রহিম ১২৩', b: ['x y', 'ü'], c: 5, d: null })).toEqual([]);
  });

  it.each(['\u0000', '\u0001', '\u001b', '\u001f', '\u007f', '\t', '\n', '\r'])('names a field holding %j', (c) => {
    expect(controlCharacterFields({ name: `a${c}b`, ok: 'fine' })).toEqual(['name']);
  });

  it('names nested fields by their path, and a key holding control characters itself', () => {
    expect(controlCharacterFields({ list: ['ok', 'b\u0000'], deep: { 'k\u0000': 'v' } }).sort()).toEqual([
      'deep.k\u0000',
      'list.1',
    ]);
  });

  it('lets tabs and line breaks through a multi-line field only, and nothing else there', () => {
    const schema = z.object({
      title: z.string(),
      body: multilineText(z.string()),
      items: z.array(z.object({ note: multilineText(z.string()) })),
    });
    const lines = lineBreakPaths(schema);
    expect(controlCharacterFields({ title: 'a', body: 'one\r\n\ttwo', items: [{ note: 'x\ny' }] }, lines)).toEqual([]);
    expect(controlCharacterFields({ title: 'a\nb', body: 'one\u0000' }, lines).sort()).toEqual(['body', 'title']);
  });

  it('names a bare string input as _, ignores bytes, and survives any depth', () => {
    expect(controlCharacterFields('\u0000')).toEqual(['_']);
    expect(controlCharacterFields(Buffer.from([0, 1, 2]))).toEqual([]);
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(controlCharacterFields(deep)).toHaveLength(1);
  });

  it('names at most 20 fields however many were sent', () => {
    const many = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, '\u0000']));
    expect(controlCharacterFields(many)).toHaveLength(20);
  });
});
