/**
 * Bad-input requests for the fuzz test (src/openapi/fuzz.test.ts), made from the OpenAPI
 * document with fast-check: for one operation, values for its path and query parameters
 * and a body that are sometimes plausible (so the route's own code runs) and often not:
 * wrong types, missing required fields, huge strings and lists, JSON nested 10,000 deep,
 * invalid JSON, wrong content types and broken multipart forms.
 */
import fc from 'fast-check';

// biome-ignore lint/suspicious/noExplicitAny: the document's JSON Schemas are read key by key, of any shape
type Schema = Record<string, any>;
// biome-ignore lint/suspicious/noExplicitAny: an operation object of the document, read key by key
type Document = { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, Schema> } };

/** One operation of the document: how to call it and whether it wants a session. */
export type Operation = {
  method: string;
  path: string;
  secured: boolean;
  pathParams: { name: string; schema: Schema }[];
  queryParams: { name: string; schema: Schema; required: boolean }[];
  /** The documented body: JSON, a multipart form, or none. */
  body: { kind: 'json' | 'form'; schema: Schema } | null;
  /** The string enum values of its parameters, body and answers: what its tokens are made of (`<member id>.<list>.<signature>`). */
  words: string[];
};

/** A path or query value; `raw` ones go into the URL as they are (broken %-escapes). */
export type UrlValue = { value: string; raw: boolean };

/** A multipart part: a text field or a file. */
export type FormPart = { name: string } & ({ text: string } | { file: { name: string; type: string; bytes: number[] } });

export type BodyCase =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string | null }
  | { kind: 'raw'; text: string; contentType: string | null }
  | { kind: 'form'; parts: FormPart[]; mangle: 'none' | 'bad-boundary' | 'no-boundary' | 'truncated' | 'no-closing' };

/** One request to send to an operation; `forged` picks the bad Authorization header it is also sent with. */
export type FuzzCase = { pathParams: Record<string, UrlValue>; query: [name: string, value: UrlValue][]; body: BodyCase; forged: number };

/** Ids the generated values may use: the caller's own, another member's, and ones that match no row. */
export type KnownIds = { ids: string[]; slugs: string[] };

/** Every operation of the document, with its `$ref`s resolved. */
export function operationsOf(document: Document): Operation[] {
  const resolve = (schema: Schema | undefined): Schema => {
    if (!schema) return {};
    const ref = schema.$ref as string | undefined;
    if (ref) return resolve(document.components?.schemas?.[ref.replace('#/components/schemas/', '')]);
    return schema;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = (operation.parameters ?? []) as { name: string; in: string; required?: boolean; schema?: Schema }[];
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      const form = content['multipart/form-data']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        // An empty requirement (`{}`) lets anonymous callers in: the token is optional there.
        secured: Array.isArray(operation.security) && operation.security.length > 0 && operation.security.every((requirement: object) => Object.keys(requirement).length > 0),
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: resolve(p.schema) })),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: resolve(p.schema), required: p.required === true })),
        body: json ? { kind: 'json', schema: deepResolve(json, resolve) } : form ? { kind: 'form', schema: deepResolve(form, resolve) } : null,
        words: enumWords(operation, resolve),
      });
    }
  }
  return operations;
}

/** The string enum values met under `node`, following `$ref`s (each schema once), at most `max`. */
function enumWords(node: unknown, resolve: (schema: Schema) => Schema, max = 4): string[] {
  const words = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) return value.forEach(walk);
    const schema = value as Schema;
    if (typeof schema.$ref === 'string') return walk(resolve(schema));
    if (Array.isArray(schema.enum)) for (const word of schema.enum) if (typeof word === 'string' && word !== '') words.add(word);
    Object.values(schema).forEach(walk);
  };
  walk(node);
  return [...words].slice(0, max);
}

function deepResolve(schema: Schema, resolve: (schema: Schema) => Schema, depth = 0): Schema {
  const resolved = resolve(schema);
  if (depth > 8 || typeof resolved !== 'object' || resolved === null) return resolved;
  const out: Schema = { ...resolved };
  if (out.properties) out.properties = Object.fromEntries(Object.entries(out.properties as Record<string, Schema>).map(([k, v]) => [k, deepResolve(v, resolve, depth + 1)]));
  if (out.items) out.items = deepResolve(out.items, resolve, depth + 1);
  for (const key of ['oneOf', 'anyOf', 'allOf']) if (Array.isArray(out[key])) out[key] = out[key].map((s: Schema) => deepResolve(s, resolve, depth + 1));
  return out;
}

// ---------------------------------------------------------------- values

/** JSON text nested `depth` levels deep, as arrays or objects. */
export function deepJson(depth: number, shape: 'array' | 'object' = 'array'): string {
  return shape === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function deepValue(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uD800',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999999999',
  '0x1F',
  'true',
  '[object Object]',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../etc/passwd',
  '%',
  '%00',
  '__proto__',
  'constructor',
  '000000000000000000000000',
  'ffffffffffffffffffffffff',
  '\u202Eevil',
  '😀'.repeat(50),
];

const hugeString = fc.constantFrom(10_000, 40_000).chain((length) => fc.constantFrom('x', 'é', '😀').map((unit) => unit.repeat(length / unit.length)));

const nastyString = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), hugeString);

/** A value of any JSON type, often not the one asked for. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0, 1e308, -1e308, 0.5),
  nastyString,
  fc.array(fc.oneof(fc.integer(), nastyString, fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', 'id', ''), fc.oneof(fc.integer(), nastyString)),
  fc.constantFrom(10_000, 50_000).map((length) => Array.from({ length }, (_, i) => i)),
  fc.constantFrom(100, 2_000).map(deepValue),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A value that fits `schema`, so that the route gets past its validator to its own code. */
export function plausible(schema: Schema, known: KnownIds, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 5) return fc.constant(null);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  for (const key of ['oneOf', 'anyOf']) {
    if (Array.isArray(schema[key]) && schema[key].length > 0) return fc.oneof(...schema[key].map((s: Schema) => plausible(s, known, depth + 1)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return plausible(Object.assign({}, ...schema.allOf), known, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  const options = type.map((t: string | undefined) => plausibleOfType(t, schema, known, depth));
  return options.length === 1 ? options[0]! : fc.oneof(...options);
}

function plausibleOfType(type: string | undefined, schema: Schema, known: KnownIds, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 1000, 1_000_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -5, max: schema.maximum ?? 1000, noNaN: true });
    case 'string':
      return plausibleString(schema, known);
    case 'array':
      return fc.array(plausible(schema.items ?? {}, known, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set<string>(schema.required ?? []);
      const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, plausible(value, known, depth + 1)]));
      return fc.record(model, { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function plausibleString(schema: Schema, known: KnownIds): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true, min: new Date(2000, 0, 1), max: new Date(2100, 0, 1) }).map((d) => d.toISOString());
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
  if (schema.pattern === '^[0-9a-f]{24}$') return fc.constantFrom(...known.ids);
  if (typeof schema.pattern === 'string') {
    const pattern = schema.pattern as string;
    if (/slug|-/.test(pattern) && known.slugs.length > 0) return fc.oneof(fc.constantFrom(...known.slugs), fc.stringMatching(new RegExp(pattern)));
    return fc.stringMatching(new RegExp(pattern));
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
}

/** A value for `schema`: plausible most of the time, of another type or size otherwise. */
function fuzzed(schema: Schema, known: KnownIds): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 2, arbitrary: plausible(schema, known) }, { weight: 3, arbitrary: wrongValue });
}

/** A JSON body for `schema`: plausible, with one field broken or left out, or wholly wrong. */
function jsonBodyValue(schema: Schema, known: KnownIds): fc.Arbitrary<unknown> {
  const properties = Object.keys((schema.properties ?? {}) as Record<string, Schema>);
  const base = plausible(schema, known);
  const variants: fc.Arbitrary<unknown>[] = [base, wrongValue];
  if (properties.length > 0) {
    variants.push(
      fc.tuple(base, fc.constantFrom(...properties), wrongValue).map(([value, key, bad]) => ({ ...(value as object), [key]: bad })),
      fc.tuple(base, fc.constantFrom(...properties)).map(([value, key]) => {
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[key];
        return copy;
      }),
      fc.tuple(base, fc.constantFrom('__proto__', 'extra', 'constructor')).map(([value, key]) => ({ ...(value as object), [key]: { polluted: true } })),
    );
  }
  return fc.oneof(...variants);
}

// ---------------------------------------------------------------- files and forms

const MAGIC: Record<string, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52],
  'image/gif': [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  'image/webp': [0x52, 0x49, 0x46, 0x46, 0xff, 0xff, 0xff, 0x7f, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38],
  'video/mp4': [0x00, 0x00, 0x00, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0x00, 0x00, 0x02, 0x00],
  'video/webm': [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01],
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34],
  'text/plain': [],
};

/**
 * A file whose first bytes say one of the accepted types and whose rest is noise: what a
 * truncated or forged upload looks like to the sniffing and metadata-stripping code.
 */
const fuzzFile = fc
  .record({
    name: fc.oneof(fc.constantFrom('photo.jpg', 'clip.mp4', '', '../../x.png', 'a'.repeat(300)), fc.string({ maxLength: 20 })),
    type: fc.constantFrom(...Object.keys(MAGIC), '', 'application/octet-stream'),
    magic: fc.constantFrom(...Object.keys(MAGIC)),
    tail: fc.uint8Array({ maxLength: 300 }),
    boxes: fc.array(fc.tuple(fc.integer({ min: 0, max: 0xffff }), fc.constantFrom('moov', 'udta', 'mdat', 'meta', 'Exif', 'XMP ', 'tEXt', 'IDAT', 'APP1')), { maxLength: 4 }),
  })
  .map(({ name, type, magic, tail, boxes }) => {
    const bytes = [...MAGIC[magic]!];
    for (const [size, tag] of boxes) bytes.push((size >> 24) & 0xff, (size >> 16) & 0xff, (size >> 8) & 0xff, size & 0xff, ...[...tag].map((c) => c.charCodeAt(0)));
    bytes.push(...tail);
    return { name, type, bytes };
  });

function isFileSchema(schema: Schema): boolean {
  if (schema.format === 'binary') return true;
  if (schema.items) return isFileSchema(schema.items);
  return [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].some((s: Schema) => isFileSchema(s));
}

/** The parts of a multipart form for `schema`: fields plausible or wrong, files as files or text, text as files. */
function formParts(schema: Schema, known: KnownIds): fc.Arbitrary<FormPart[]> {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  const required = new Set<string>(schema.required ?? []);
  const textOf = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const partsFor = ([name, field]: [string, Schema]): fc.Arbitrary<FormPart[]> => {
    const asText = fuzzed(field.items && !isFileSchema(field) ? field.items : field, known).map((value) => ({ name, text: textOf(value) }));
    const asFile = fuzzFile.map((file) => ({ name, file }));
    const one = isFileSchema(field)
      ? fc.oneof({ weight: 3, arbitrary: asFile }, { weight: 1, arbitrary: asText })
      : fc.oneof({ weight: 4, arbitrary: asText }, { weight: 1, arbitrary: asFile });
    const count = fc.oneof(
      { weight: 4, arbitrary: fc.constant(required.has(name) ? 1 : 0) },
      { weight: 3, arbitrary: fc.integer({ min: 0, max: 3 }) },
      { weight: 1, arbitrary: fc.constant(40) },
    );
    return count.chain((n) => (n === 0 ? fc.constant([]) : fc.array(one, { minLength: n, maxLength: n })));
  };
  const extra = fc.array(fc.record({ name: fc.oneof(fc.constantFrom('__proto__', 'extra', ''), fc.string({ maxLength: 10 })), text: nastyString }), { maxLength: 2 });
  return fc.tuple(fc.tuple(...properties.map(partsFor)), extra).map(([fields, more]) => [...fields.flat(), ...more]);
}

// ---------------------------------------------------------------- urls

const brokenEscapes = fc.constantFrom('%', '%E0%A4%A', '%ED%A0%80', '%ZZ', '%C0%AF', '%FF%FE', '%2e%2e%2f', '%00', '%uD800');

/** Base64url text of any length, padded or not: what a token's signature looks like, and often is not (4n+1 characters never are). */
const base64urlish = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), maxLength: 90 }),
  fc.constantFrom('A', 'AAAAA', '====', 'AA==', '_-_-_', 'A'.repeat(43), 'A'.repeat(44), 'A'.repeat(4_001)),
);

/** Dotted values shaped like the signed tokens of links and sessions (`<id>.<list>.<signature>`, `a.b.c`), whole or broken. */
function tokenLike(known: KnownIds, words: readonly string[]): fc.Arbitrary<string> {
  const part = fc.oneof(fc.constantFrom(...known.ids), fc.constantFrom(...words, 'x'), base64urlish, fc.constantFrom('', ' ', '%', 'eyJhbGciOiJub25lIn0'));
  return fc.array(part, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('.'));
}

/** Odd values every query parameter gets, one parameter at a time (fixedCases): broken, huge, and tokens with broken signatures. */
function oddQueryValues(known: KnownIds, words: readonly string[]): UrlValue[] {
  const [id = 'x'] = known.ids;
  const tokens = words.flatMap((word) => [`${id}.${word}.AAAAA`, `${id}.${word}.A`]);
  return [
    ...['', '\u0000', '-1', '1e309', '[]', 'x'.repeat(20_000), '😀'.repeat(500), 'a.b.c', `${id}.x.AAAAA`, ...tokens].map((value) => ({ value, raw: false })),
    ...['%', '%ED%A0%80'].map((value) => ({ value, raw: true })),
  ];
}

function urlValue(schema: Schema, known: KnownIds, words: readonly string[]): fc.Arbitrary<UrlValue> {
  const plausibleText = plausible(schema.type === 'array' ? (schema.items ?? {}) : schema, known).map((v) => String(v));
  return fc.oneof(
    { weight: 3, arbitrary: plausibleText.map((value) => ({ value, raw: false })) },
    { weight: 4, arbitrary: nastyString.map((value) => ({ value, raw: false })) },
    { weight: 2, arbitrary: tokenLike(known, words).map((value) => ({ value, raw: false })) },
    { weight: 1, arbitrary: brokenEscapes.map((value) => ({ value, raw: true })) },
  );
}

function queryFor(operation: Operation, known: KnownIds): fc.Arbitrary<[string, UrlValue][]> {
  const perParam = operation.queryParams.map(({ name, schema }) =>
    fc
      // None sent: a required parameter left out; two or more: a single value repeated.
      .array(urlValue(schema, known, operation.words), { minLength: 0, maxLength: schema.type === 'array' ? 4 : 2 })
      .map((values) => values.map((value): [string, UrlValue] => [name, value])),
  );
  const extra = fc.array(
    fc.tuple(
      fc.constantFrom('extra', '__proto__', 'limit[]', 'a[b]'),
      nastyString.map((value) => ({ value, raw: false })),
    ),
    { maxLength: 1 },
  );
  return fc.tuple(fc.tuple(...perParam), extra).map(([params, more]) => [...params.flat(), ...more]);
}

function pathParamsFor(operation: Operation, known: KnownIds): fc.Arbitrary<Record<string, UrlValue>> {
  const model = Object.fromEntries(operation.pathParams.map(({ name, schema }) => [name, urlValue(schema, known, operation.words)]));
  return fc.record(model) as fc.Arbitrary<Record<string, UrlValue>>;
}

// ---------------------------------------------------------------- bodies

const JSON_TYPES = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  null,
);

const INVALID_JSON = ['{', '{"a":', '[1,]', "{'a':1}", 'nul', '\u0000', '{"a":1}}', '{"__proto__":{"admin":true}}', '"\\uD800"', '1e999999', '\uFEFF{}', 'a=%&b=%ZZ', '%E0%A4%A=1'];

function bodyFor(operation: Operation, known: KnownIds): fc.Arbitrary<BodyCase> {
  const schema = operation.body?.schema ?? {};
  const formSchema = operation.body?.kind === 'form' ? schema : { type: 'object', properties: { text: { type: 'string' }, file: { type: 'string', format: 'binary' } } };
  const json = fc.record({
    kind: fc.constant('json' as const),
    value: jsonBodyValue(schema, known),
    contentType: fc.oneof({ weight: 4, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: JSON_TYPES }),
  });
  const raw = fc.record({
    kind: fc.constant('raw' as const),
    text: fc.oneof(
      fc.constantFrom(...INVALID_JSON),
      fc.constantFrom(deepJson(10_000), deepJson(10_000, 'object'), deepJson(1_000)),
      fc.string({ maxLength: 50 }),
      fc.constant('x'.repeat(70_000)),
    ),
    contentType: JSON_TYPES,
  });
  const form = fc.record({
    kind: fc.constant('form' as const),
    parts: formParts(formSchema, known),
    mangle: fc.oneof(
      { weight: 4, arbitrary: fc.constant('none' as const) },
      { weight: 4, arbitrary: fc.constantFrom('bad-boundary' as const, 'no-boundary' as const, 'truncated' as const, 'no-closing' as const) },
    ),
  });
  const none = fc.constant({ kind: 'none' as const });
  if (operation.method === 'GET' || operation.method === 'HEAD') return none;
  if (operation.body?.kind === 'form')
    return fc.oneof({ weight: 6, arbitrary: form }, { weight: 1, arbitrary: json }, { weight: 1, arbitrary: raw }, { weight: 1, arbitrary: none });
  if (operation.body?.kind === 'json')
    return fc.oneof({ weight: 6, arbitrary: json }, { weight: 3, arbitrary: raw }, { weight: 1, arbitrary: form }, { weight: 1, arbitrary: none });
  return fc.oneof({ weight: 3, arbitrary: none }, { weight: 1, arbitrary: json }, { weight: 1, arbitrary: raw }, { weight: 1, arbitrary: form });
}

/** Random bad-input requests for one operation. */
export function fuzzCases(operation: Operation, known: KnownIds): fc.Arbitrary<FuzzCase> {
  return fc.record({ pathParams: pathParamsFor(operation, known), query: queryFor(operation, known), body: bodyFor(operation, known), forged: fc.nat() });
}

/**
 * The cases every operation gets whatever the seed: the documented body nested 10,000 deep,
 * invalid JSON, a JSON route sent a form and a form route sent JSON, each kind of broken
 * multipart, a huge body, nothing at all; path and query values that are empty, huge or
 * broken %-escapes; required query parameters left out.
 */
export function fixedCases(operation: Operation, known: KnownIds): FuzzCase[] {
  const params = (value: UrlValue) => Object.fromEntries(operation.pathParams.map(({ name }) => [name, value]));
  const plain = params({ value: known.ids[0]!, raw: false });
  const cases: Omit<FuzzCase, 'forged'>[] = [{ pathParams: plain, query: [], body: { kind: 'none' } }];
  if (operation.pathParams.length > 0) {
    cases.push(
      { pathParams: params({ value: 'x'.repeat(5_000), raw: false }), query: [], body: { kind: 'none' } },
      { pathParams: params({ value: '%E0%A4%A', raw: true }), query: [], body: { kind: 'none' } },
      { pathParams: params({ value: ' ', raw: false }), query: [], body: { kind: 'none' } },
    );
  }
  if (operation.queryParams.length > 0) {
    const each = (value: UrlValue) => operation.queryParams.map(({ name }): [string, UrlValue] => [name, value]);
    cases.push(
      { pathParams: plain, query: each({ value: '%', raw: true }), body: { kind: 'none' } },
      { pathParams: plain, query: each({ value: '', raw: false }), body: { kind: 'none' } },
      { pathParams: plain, query: each({ value: '99999999999999999999', raw: false }), body: { kind: 'none' } },
      { pathParams: plain, query: [...each({ value: '1', raw: false }), ...each({ value: '-1', raw: false })], body: { kind: 'none' } },
    );
    // Each parameter alone with each odd value: broken, huge and token-shaped.
    for (const { name } of operation.queryParams) {
      for (const value of oddQueryValues(known, operation.words)) cases.push({ pathParams: plain, query: [[name, value]], body: { kind: 'none' } });
    }
  }
  const numbered = () => cases.map((fuzz, forged): FuzzCase => ({ ...fuzz, forged }));
  if (operation.method === 'GET' || operation.method === 'HEAD') return numbered();
  const body = (b: BodyCase) => ({ pathParams: plain, query: [], body: b });
  const fields = Object.keys(operation.body?.schema.properties ?? { text: {} });
  cases.push(
    body({ kind: 'raw', text: deepJson(10_000), contentType: 'application/json' }),
    body({ kind: 'raw', text: deepJson(10_000, 'object'), contentType: 'application/json' }),
    body({ kind: 'raw', text: `{${fields.map((f) => `"${f}":${deepJson(5_000)}`).join(',')}}`, contentType: 'application/json' }),
    body({ kind: 'raw', text: '{"a":', contentType: 'application/json' }),
    body({ kind: 'raw', text: '', contentType: 'application/json' }),
    body({ kind: 'raw', text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' }),
    body({ kind: 'raw', text: `${fields[0]}=%E0%A4%A&${fields[0]}=%`, contentType: 'application/x-www-form-urlencoded' }),
    body({ kind: 'raw', text: '{}', contentType: 'text/plain' }),
    body({ kind: 'raw', text: 'x'.repeat(70_000), contentType: 'application/json' }),
    body({ kind: 'json', value: {}, contentType: 'application/json' }),
    body({ kind: 'json', value: [], contentType: 'application/json' }),
    body({ kind: 'json', value: null, contentType: 'application/json' }),
    body({ kind: 'json', value: Object.fromEntries(fields.map((f) => [f, 'x'.repeat(60_000 / Math.max(fields.length, 1))])), contentType: 'application/json' }),
    body({
      kind: 'json',
      value: Object.fromEntries(fields.map((f) => [f, Array.from({ length: 10_000 / Math.max(fields.length, 1) }, () => 1)])),
      contentType: 'application/json',
    }),
    body({ kind: 'raw', text: 'not a form', contentType: 'multipart/form-data; boundary=zzz' }),
    body({ kind: 'raw', text: '--zzz\r\nContent-Disposition: form-data; name="text"\r\n\r\nhello', contentType: 'multipart/form-data; boundary=zzz' }),
    body({ kind: 'raw', text: '--zzz\r\nContent-Disposition: form-data\r\n\r\nhello\r\n--zzz--\r\n', contentType: 'multipart/form-data; boundary=zzz' }),
    body({ kind: 'form', parts: fields.map((name) => ({ name, text: 'hello' })), mangle: 'bad-boundary' }),
    body({ kind: 'form', parts: fields.map((name) => ({ name, text: 'hello' })), mangle: 'no-boundary' }),
    body({ kind: 'form', parts: fields.map((name) => ({ name, file: { name: 'a.txt', type: 'text/plain', bytes: [104, 105] } })), mangle: 'truncated' }),
    body({ kind: 'form', parts: fields.map((name) => ({ name, file: { name: 'a.jpg', type: 'image/jpeg', bytes: MAGIC['image/jpeg']! } })), mangle: 'none' }),
    body({ kind: 'form', parts: fields.map((name) => ({ name, text: 'hello' })), mangle: 'none' }),
  );
  return numbered();
}

// ---------------------------------------------------------------- tokens

function base64url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Authorization headers that must sign nobody in, made from a member's real token: its
 * payload changed to another member, its signature dropped or cut, `alg: none`, the
 * token of another scheme, garbage, a huge value and an empty one.
 */
export function forgedAuthorizations(jwt: string, otherUserId: string): string[] {
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  const tampered = base64url(JSON.stringify({ ...claims, sub: otherUserId, id: otherUserId }));
  return [
    `Bearer ${header}.${tampered}.${signature}`,
    `Bearer ${header}.${payload}.`,
    `Bearer ${header}.${payload}.${signature.slice(0, -4)}`,
    `Bearer ${base64url('{"alg":"none","typ":"JWT"}')}.${payload}.`,
    `Bearer ${base64url('{"alg":"HS256"}')}.${base64url('[]')}.${signature}`,
    `Basic ${btoa('member:password')}`,
    'Bearer a.b.c',
    'Bearer ..',
    `Bearer ${'A'.repeat(8_000)}`,
    'Bearer',
    '',
    `Bearer ${jwt} ${jwt}`,
  ];
}

// ---------------------------------------------------------------- requests

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** encodeURIComponent, with lone surrogates (which it refuses) sent as U+FFFD the way browsers do. */
function encode(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));
}

function fillPath(path: string, params: Record<string, UrlValue>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = params[name];
    if (!param) return 'x';
    return param.raw ? param.value : encode(param.value);
  });
}

function queryString(query: [string, UrlValue][]): string {
  if (query.length === 0) return '';
  return `?${query.map(([name, { value, raw }]) => `${encode(name)}=${raw ? value : encode(value)}`).join('&')}`;
}

/** A form's name or filename in a part header, escaped the way browsers do (quotes and line breaks). */
function headerText(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * The parts as multipart/form-data bytes, written by hand rather than by FormData, so that
 * names and file names workerd would refuse to send (a trailing backslash) are sent too.
 */
function formBytes(parts: FormPart[], mangle: Extract<BodyCase, { kind: 'form' }>['mangle']): { body: Uint8Array; contentType: string } {
  const boundary = '----fuzz-boundary-7MA4YWxkTrZu0gW';
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${headerText(part.name)}"`;
    if ('file' in part) head += `; filename="${headerText(part.file.name)}"\r\nContent-Type: ${part.file.type || 'application/octet-stream'}`;
    chunks.push(encoder.encode(`${head}\r\n\r\n`), 'file' in part ? new Uint8Array(part.file.bytes) : encoder.encode(part.text), encoder.encode('\r\n'));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  let body = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  const contentType = `multipart/form-data; boundary=${boundary}`;
  switch (mangle) {
    case 'bad-boundary':
      return { body, contentType: 'multipart/form-data; boundary=not-the-boundary' };
    case 'no-boundary':
      return { body, contentType: 'multipart/form-data' };
    case 'truncated':
      body = body.slice(0, Math.floor(body.length / 2));
      break;
    case 'no-closing':
      body = body.slice(0, Math.max(0, body.length - 8));
      break;
  }
  return { body, contentType };
}

/** The Request init and URL path of a case. */
export async function requestOf(operation: Operation, fuzz: FuzzCase): Promise<{ url: string; init: { method: string; headers: Record<string, string>; body?: BodyInit } }> {
  const url = fillPath(operation.path, fuzz.pathParams) + queryString(fuzz.query);
  const headers: Record<string, string> = {};
  const init = { method: operation.method, headers } as { method: string; headers: Record<string, string>; body?: BodyInit };
  const body = fuzz.body;
  if (body.kind === 'json') {
    if (body.contentType) headers['Content-Type'] = body.contentType;
    init.body = JSON.stringify(body.value) ?? 'null';
  } else if (body.kind === 'raw') {
    if (body.contentType) headers['Content-Type'] = body.contentType;
    init.body = body.text;
  } else if (body.kind === 'form') {
    const { body: bytes, contentType } = formBytes(body.parts, body.mangle);
    headers['Content-Type'] = contentType;
    init.body = bytes;
  }
  return { url, init };
}

/** A short description of a case for failure messages (long values cut). */
export function describeCase(operation: Operation, fuzz: FuzzCase, url: string): string {
  const shown = url.length > 200 ? `${url.slice(0, 200)}…(${url.length} chars)` : url;
  const body = JSON.stringify(fuzz.body, (_, value) =>
    typeof value === 'string' && value.length > 80
      ? `${value.slice(0, 80)}…(${value.length} chars)`
      : Array.isArray(value) && value.length > 20
        ? `[${value.length} items]`
        : value,
  );
  return `${operation.method} ${shown} body=${body.length > 400 ? `${body.slice(0, 400)}…` : body}`;
}
