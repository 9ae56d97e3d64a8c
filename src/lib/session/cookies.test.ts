import { describe, expect, test } from 'vitest';
import { ADVISOR_COOKIE, SESSION_MAX_AGE, TOKEN_COOKIE, clearSessionCookies, isSecureHost, readIsAdvisor, readToken, sessionCookieOptions, setSessionCookies } from './cookies';
import { createFakeCookieJar } from './fake-cookie-jar';

const production = new URL('https://foundermesh.dev/sign-in');
const localhost = new URL('http://localhost:4321/sign-in');
const loopback = new URL('http://127.0.0.1:4402/sign-in');

describe('cookie names and lifetime', () => {
  test('are token, isAdvisor and seven days', () => {
    expect([TOKEN_COOKIE, ADVISOR_COOKIE, SESSION_MAX_AGE]).toEqual(['token', 'isAdvisor', 604800]);
  });
});

describe('isSecureHost', () => {
  test('is false only for localhost and 127.0.0.1', () => {
    expect(isSecureHost(localhost)).toBe(false);
    expect(isSecureHost(loopback)).toBe(false);
    expect(isSecureHost(production)).toBe(true);
    expect(isSecureHost(new URL('http://192.168.1.20:4321/'))).toBe(true);
  });
});

describe('sessionCookieOptions', () => {
  test('makes the token HttpOnly, Secure, SameSite=Strict, Path=/ and seven days long on a real host', () => {
    expect(sessionCookieOptions(production, { httpOnly: true })).toEqual({
      httpOnly: true,
      secure: true,
      sameSite: 'strict',
      path: '/',
      maxAge: 604800,
    });
  });

  test('drops Secure on localhost so plain-HTTP development keeps its session', () => {
    expect(sessionCookieOptions(loopback, { httpOnly: true }).secure).toBe(false);
  });
});

describe('setSessionCookies', () => {
  test('stores the jwt HttpOnly and the advisor flag readable by scripts', () => {
    const { jar, set } = createFakeCookieJar();
    setSessionCookies(jar, production, { jwt: 'abc.def.ghi', isAdvisor: true });
    expect(set.get('token')).toEqual({
      value: 'abc.def.ghi',
      options: { httpOnly: true, secure: true, sameSite: 'strict', path: '/', maxAge: 604800 },
    });
    expect(set.get('isAdvisor')).toEqual({
      value: 'true',
      options: { httpOnly: false, secure: true, sameSite: 'strict', path: '/', maxAge: 604800 },
    });
  });

  test('writes false for a founder', () => {
    const { jar, set } = createFakeCookieJar();
    setSessionCookies(jar, loopback, { jwt: 'j', isAdvisor: false });
    expect(set.get('isAdvisor')?.value).toBe('false');
  });
});

describe('clearSessionCookies', () => {
  test('deletes both cookies on the same path', () => {
    const { jar, deleted } = createFakeCookieJar({ token: 'j', isAdvisor: 'true' });
    clearSessionCookies(jar, production);
    expect([...deleted.keys()].sort()).toEqual(['isAdvisor', 'token']);
    expect(deleted.get('token')?.path).toBe('/');
    expect(readToken(jar)).toBeUndefined();
  });
});

describe('reading the session', () => {
  test('reads the token and treats only the text true as an advisor', () => {
    expect(readToken(createFakeCookieJar({ token: 'j' }).jar)).toBe('j');
    expect(readToken(createFakeCookieJar({ token: '' }).jar)).toBeUndefined();
    expect(readIsAdvisor(createFakeCookieJar({ isAdvisor: 'true' }).jar)).toBe(true);
    expect(readIsAdvisor(createFakeCookieJar({ isAdvisor: 'TRUE' }).jar)).toBe(false);
    expect(readIsAdvisor(createFakeCookieJar().jar)).toBe(false);
  });
});
