import { describe, expect, test } from 'vitest';
import {
  AppError,
  DEFAULT_ERROR_MESSAGE,
  PASSWORD_REST_FAILED,
  SOCIAL_LOGIN_FAILED,
  TOKEN_NOT_FOUND,
  USER_NOT_FOUND,
  VALIDATION_FAILED,
  fieldErrorsOf,
  readAppError,
  toAppError,
} from './errors';

describe('AppError', () => {
  test('an error built without arguments has the default message, status 500 and null data', () => {
    const error = new AppError();
    expect(error.message).toBe('Something went to wrong');
    expect(error.status).toBe(500);
    expect(error.data).toBeNull();
  });

  test('an empty message falls back to the default message', () => {
    expect(new AppError('', 400).message).toBe(DEFAULT_ERROR_MESSAGE);
  });

  test('it serialises to the wire shape of message, status and data', () => {
    expect(JSON.stringify(new AppError('Nope', 403, { reason: 'x' }))).toBe('{"message":"Nope","status":403,"data":{"reason":"x"}}');
  });

  test('it is an Error, so it can be thrown and caught as one', () => {
    expect(new AppError('Boom')).toBeInstanceOf(Error);
  });
});

describe('the catalogue of docs/product.md#errors', () => {
  test('keeps the exact texts of the specification', () => {
    expect([TOKEN_NOT_FOUND, USER_NOT_FOUND, PASSWORD_REST_FAILED, VALIDATION_FAILED, SOCIAL_LOGIN_FAILED]).toEqual([
      'Token not found',
      'User Account not found',
      'Password rest request failed.',
      'Validation failed.',
      'Social login failed',
    ]);
  });
});

describe('toAppError', () => {
  test('returns an AppError it is given unchanged', () => {
    const error = new AppError('Kept', 418);
    expect(toAppError(error)).toBe(error);
  });

  test('uses the server message and status of an API error body', () => {
    const error = toAppError({ message: 'Invalid email or password.', status: 401, data: null });
    expect(error.message).toBe('Invalid email or password.');
    expect(error.status).toBe(401);
  });

  test('uses data.message when the body has no message of its own', () => {
    const error = toAppError({ status: 400, data: { message: 'Code expired' } });
    expect(error.message).toBe('Code expired');
    expect(error.status).toBe(400);
  });

  test('prefers the top-level message over data.message', () => {
    expect(toAppError({ message: 'Top', data: { message: 'Inner' } }).message).toBe('Top');
  });

  test('keeps the data of the body, such as validation fields', () => {
    const data = { fields: { email: 'must be a valid address' } };
    expect(toAppError({ message: 'email: must be a valid address', status: 400, data }).data).toEqual(data);
  });

  test('gives the default message and status to a body without either', () => {
    const error = toAppError({ message: '   ' });
    expect(error.message).toBe(DEFAULT_ERROR_MESSAGE);
    expect(error.status).toBe(500);
  });

  test('uses the fallback status when the body carries no error status', () => {
    expect(toAppError({ message: 'Conflict' }, 409).status).toBe(409);
    expect(toAppError({ message: 'Odd', status: 200 }, 502).status).toBe(502);
  });

  test('keeps the status of a Response with the default message', () => {
    const error = toAppError(new Response('nope', { status: 404 }));
    expect(error.message).toBe(DEFAULT_ERROR_MESSAGE);
    expect(error.status).toBe(404);
  });

  test('gives a plain Error the default message and status 500', () => {
    const error = toAppError(new TypeError('Failed to fetch'));
    expect(error.message).toBe(DEFAULT_ERROR_MESSAGE);
    expect(error.status).toBe(500);
  });

  test('gives strings, null and undefined the default message and status', () => {
    for (const value of ['oops', null, undefined, 42]) {
      const error = toAppError(value);
      expect([error.message, error.status]).toEqual([DEFAULT_ERROR_MESSAGE, 500]);
    }
  });
});

describe('readAppError', () => {
  test('reads the JSON error body of a response', async () => {
    const response = Response.json({ message: 'Too many attempts', status: 429, data: null }, { status: 429 });
    const error = await readAppError(response);
    expect([error.message, error.status]).toEqual(['Too many attempts', 429]);
  });

  test('falls back to the response status when the body is not JSON', async () => {
    const error = await readAppError(new Response('<html>', { status: 503 }));
    expect([error.message, error.status]).toEqual([DEFAULT_ERROR_MESSAGE, 503]);
  });
});

describe('fieldErrorsOf', () => {
  test('returns the field problems of a validation error', () => {
    const error = new AppError('x', 400, { fields: { email: 'must be a valid address', code: '' } });
    expect(fieldErrorsOf(error)).toEqual({ email: 'must be a valid address' });
  });

  test('returns an empty object when there are no fields', () => {
    expect(fieldErrorsOf(new AppError())).toEqual({});
    expect(fieldErrorsOf(null)).toEqual({});
  });
});
