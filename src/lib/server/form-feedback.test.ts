import { describe, expect, test } from 'vitest';
import { AppError } from '../errors';
import { feedbackFor, fieldMessage, formChecked, formSecret, formText } from './form-feedback';

const labels = { currentPassword: 'Current password', password: 'New password', passwordConfirmation: 'Confirm new password' };

describe('feedbackFor', () => {
  test('replaces a generated field-list message with a plain summary and words each field with its label', () => {
    const error = new AppError('currentPassword: is incorrect', 400, { fields: { currentPassword: 'is incorrect' } });
    expect(feedbackFor(error, labels)).toEqual({
      alert: 'Please correct the field marked below.',
      fields: { currentPassword: 'Current password is incorrect' },
    });
  });

  test('counts several fields in the summary', () => {
    const error = new AppError('password: must be at least 8 characters; passwordConfirmation: must match', 400, {
      fields: { password: 'must be at least 8 characters', passwordConfirmation: 'must match' },
    });
    expect(feedbackFor(error, labels).alert).toBe('Please correct the 2 fields marked below.');
  });

  test('keeps a human-written server message in the alert', () => {
    const error = new AppError('This code is invalid or has expired.', 400, { fields: { code: 'is invalid or has expired' } });
    expect(feedbackFor(error, { code: 'Verification code' })).toEqual({
      alert: 'This code is invalid or has expired.',
      fields: { code: 'Verification code is invalid or has expired' },
    });
  });

  test('leaves fields that are not on the form to the server message', () => {
    const error = new AppError('memberType: must be one of: founder, advisor', 400, { fields: { memberType: 'must be one of: founder, advisor' } });
    expect(feedbackFor(error, labels)).toEqual({ alert: 'memberType: must be one of: founder, advisor', fields: {} });
  });

  test('shows the message of an error without fields as it is', () => {
    expect(feedbackFor(new AppError('Invalid email or password.', 401), labels)).toEqual({ alert: 'Invalid email or password.', fields: {} });
  });
});

describe('fieldMessage', () => {
  test('prefixes a lower-case problem with the label and keeps a full sentence as it is', () => {
    expect(fieldMessage('Email', 'must be a valid address')).toBe('Email must be a valid address');
    expect(fieldMessage('Email', 'This address is taken.')).toBe('This address is taken.');
  });
});

describe('reading a submitted form', () => {
  const form = new FormData();
  form.set('email', '  ada@example.com ');
  form.set('password', ' secret with spaces ');
  form.set('agreement', 'on');

  test('trims text fields and cuts them to the maximum length', () => {
    expect(formText(form, 'email')).toBe('ada@example.com');
    expect(formText(form, 'email', 3)).toBe('ada');
    expect(formText(form, 'missing')).toBe('');
  });

  test('keeps passwords exactly as typed', () => {
    expect(formSecret(form, 'password')).toBe(' secret with spaces ');
  });

  test('reads a ticked checkbox as true and a missing one as false', () => {
    expect(formChecked(form, 'agreement')).toBe(true);
    expect(formChecked(form, 'subscription')).toBe(false);
  });
});
