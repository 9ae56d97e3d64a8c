import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './validation';

function problems(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return fieldErrorsOf(result.error.issues, input, 'body');
}

describe('friendly validation messages', () => {
  const schema = z.object({
    name: z.string().min(1).max(5),
    age: z.number().int().min(18),
    kind: z.enum(['founder', 'advisor']),
    agreement: z.literal(true),
    nested: z.object({ email: z.email() }),
    tags: z.array(z.string()).min(1),
  });

  it('tells a missing field from a field of the wrong type', () => {
    expect(problems(schema, { name: 3 })).toMatchObject({ name: 'must be text', age: 'is required' });
  });

  it('speaks of characters for text and of values for numbers', () => {
    expect(problems(schema, { name: '', age: 3 })).toMatchObject({ name: 'must not be empty', age: 'must be at least 18' });
    expect(problems(schema, { name: 'toolong' })).toMatchObject({ name: 'must be at most 5 characters' });
  });

  it('lists the allowed values, and asks for consent fields to be accepted', () => {
    expect(problems(schema, { kind: 'investor', agreement: false })).toMatchObject({
      kind: 'must be one of: founder, advisor',
      agreement: 'must be accepted',
    });
  });

  it('names nested fields with dotted paths', () => {
    expect(problems(schema, { nested: { email: 'nope' }, tags: [] })).toMatchObject({
      'nested.email': 'must be a valid address',
      tags: 'must have at least 1 item',
    });
  });

  it('reports a problem with the whole value under the root name', () => {
    expect(problems(schema, 'text')).toEqual({ body: 'must be an object' });
  });

  it('keeps the words of a custom refinement', () => {
    const confirm = z.object({ a: z.string(), b: z.string() }).refine((v) => v.a === v.b, { message: 'must match', path: ['b'] });
    expect(problems(confirm, { a: 'x', b: 'y' })).toEqual({ b: 'must match' });
  });
});
