import type { z } from './zod';

/**
 * Control characters in decoded text (ARCHITECTURE §3): no text field of any call takes the C0
 * set (NUL … US) or DEL. They are invisible on a screen, truncate strings in C libraries and
 * logs, and PostgreSQL refuses a NUL in text — a request that carried one used to end in a 500.
 * The server checks every call's decoded body, query and path parameters against this once, in
 * its route layer, after authentication and before validation. Tab, line feed and carriage return
 * are accepted only in a field the contract declares multi-line (`multilineText`).
 */
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/** 0: no control character; 1: tabs or line breaks only; 2: another control character. */
function controlsIn(text: string): 0 | 1 | 2 {
  let found: 0 | 1 = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c !== 0x7f) continue;
    if (c !== TAB && c !== LF && c !== CR) return 2;
    found = 1;
  }
  return found;
}

const multilineSchemas = new WeakSet<z.ZodType>();

/**
 * Declares a text field that may hold tabs and line breaks (a message, a postal address); apply it
 * to the finished string schema (`multilineText(z.string().max(500)).optional()`).
 */
export function multilineText<S extends z.ZodString>(schema: S): S {
  multilineSchemas.add(schema);
  return schema;
}

/** A text field of a schema: its path (`*` for any array index or record key) and whether it is multi-line. */
export type TextField = { path: string[]; multiline: boolean };

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  valueType?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
};

const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Kinds that hold no text at all. */
const NO_TEXT = new Set([
  'number',
  'int',
  'boolean',
  'bigint',
  'enum',
  'literal',
  'null',
  'undefined',
  'void',
  'never',
  'nan',
  'date',
  'symbol',
  'transform',
]);
/** Kinds whose content is unknown to the schema: the server still checks their values, as single-line text. */
const OPAQUE = new Set(['any', 'unknown', 'custom']);

/**
 * Every text field of an input schema, as it arrives (a pipe's input side). A schema kind this
 * walk does not know throws, so a new kind of input is noticed rather than silently skipped.
 */
export function textFields(schema: z.ZodType | undefined): TextField[] {
  const out: TextField[] = [];
  const walk = (s: z.ZodType, path: string[], open: Set<z.ZodType>) => {
    // A recursive (lazy) schema is walked to its first repetition only: a multi-line field
    // deeper in it is not found, and stays single-line.
    if (open.has(s)) return;
    const d = defOf(s);
    const inner = (next: z.ZodType | undefined, at: string[] = path) => {
      if (!next) return;
      open.add(s);
      walk(next, at, open);
      open.delete(s);
    };
    switch (d.type) {
      case 'string':
      case 'template_literal':
        out.push({ path, multiline: multilineSchemas.has(s) });
        return;
      case 'object':
        for (const [k, v] of Object.entries(d.shape ?? {})) inner(v, [...path, k]);
        if (d.catchall && defOf(d.catchall).type !== 'never') inner(d.catchall, [...path, '*']);
        return;
      case 'record':
        return inner(d.valueType, [...path, '*']);
      case 'array':
        return inner(d.element, [...path, '*']);
      case 'tuple':
        (d.items ?? []).forEach((item, i) => {
          inner(item, [...path, String(i)]);
        });
        return inner(d.rest ?? undefined, [...path, '*']);
      case 'union':
        for (const o of d.options ?? []) inner(o);
        return;
      case 'intersection':
        inner(d.left);
        return inner(d.right);
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'nonoptional':
      case 'readonly':
      case 'success':
        return inner(d.innerType);
      case 'pipe':
        return inner(d.in);
      case 'lazy':
        return inner(d.getter?.());
      default:
        if (NO_TEXT.has(d.type) || OPAQUE.has(d.type)) return;
        throw new Error(`textFields: a ${d.type} schema is not a kind of input the contract knows`);
    }
  };
  if (schema) walk(schema, [], new Set());
  return out;
}

/** Where an input may hold line breaks: the multi-line fields' paths, `*` matching any segment. */
export type LineBreakPaths = readonly (readonly string[])[];

/** The multi-line fields of an input schema, computed once per call. */
export function lineBreakPaths(schema: z.ZodType | undefined): LineBreakPaths {
  return textFields(schema)
    .filter((f) => f.multiline)
    .map((f) => f.path);
}

/** A place in an input, linked to its parent: a deep input costs no copying of paths. */
type Place = { v: unknown; key: string; depth: number; parent: Place | null };

function pathOf(place: Place): string[] {
  const path: string[] = [];
  for (let p: Place | null = place; p?.parent; p = p.parent) path.push(p.key);
  return path.reverse();
}

function isMultiline(place: Place, lineBreaks: LineBreakPaths): boolean {
  const candidates = lineBreaks.filter((p) => p.length === place.depth);
  if (candidates.length === 0) return false;
  const path = pathOf(place);
  return candidates.some((pattern) => pattern.every((seg, i) => seg === '*' || seg === path[i]));
}

/** Most fields named in one answer: enough to show every field of a form, bounded whatever was sent. */
const MAX_REPORTED = 20;

/**
 * The fields of a decoded input (a JSON or form body, a query, path parameters) whose text holds
 * control characters, as dotted paths (`items.0.name`; a key holding them is named itself).
 * Iterative, so a deeply nested body cannot exhaust the stack; bytes (a raw body) are not text.
 */
export function controlCharacterFields(value: unknown, lineBreaks: LineBreakPaths = []): string[] {
  const found: string[] = [];
  const name = (place: Place) => pathOf(place).join('.') || '_';
  const stack: Place[] = [{ v: value, key: '', depth: 0, parent: null }];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const place = stack.pop() as Place;
    const { v, depth } = place;
    if (typeof v === 'string') {
      const controls = controlsIn(v);
      if (controls === 2 || (controls === 1 && !isMultiline(place, lineBreaks))) found.push(name(place));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: String(i), depth: depth + 1, parent: place });
    } else if (typeof v === 'object' && v !== null && !ArrayBuffer.isView(v)) {
      for (const [key, item] of Object.entries(v)) {
        const at: Place = { v: item, key, depth: depth + 1, parent: place };
        if (controlsIn(key) !== 0) found.push(name(at));
        else stack.push(at);
      }
    }
  }
  return found.slice(0, MAX_REPORTED);
}
