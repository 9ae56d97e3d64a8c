import { expect, test } from 'vitest';
import { AppError } from '../errors';
import { saveFeedback, withoutErrorsFor } from './server-errors';

const refused = (fields: Record<string, string>, status = 400) =>
  new AppError(
    Object.entries(fields)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; '),
    status,
    { fields },
  );

test('field problems go under their controls, as sentences, with the API names mapped', () => {
  const feedback = saveFeedback(refused({ cityId: 'must be a city from the list', 'links.0.url': 'must be an http or https address' }), () => true);
  expect(feedback.fields).toEqual({ city: 'Must be a city from the list.', 'links.0.url': 'Must be an http or https address.' });
  expect(feedback.alert).toBe('Please correct the 2 fields marked below.');
});

test('problems about fields the form does not show stay in the alert', () => {
  const feedback = saveFeedback(refused({ firstName: 'is required', mystery: 'is odd' }), (field) => field === 'firstName');
  expect(feedback.fields).toEqual({ firstName: 'Is required.' });
  expect(feedback.alert).toBe('Please correct the field marked below. Also: mystery: is odd');
});

test('an error without fields keeps the server message; a 413 says the photos are too big', () => {
  expect(saveFeedback(new AppError('This form is for the other member type.', 403), () => true)).toEqual({ alert: 'This form is for the other member type.', fields: {} });
  expect(saveFeedback(new AppError('Payload Too Large', 413), () => true).alert).toMatch(/photos are too large/);
});

test('changing a field clears its errors and its nested ones, and an image clears its alt error', () => {
  const errors = { links: 'x', 'links.1.url': 'y', firstName: 'z', profilePictureAlt: 'w' };
  expect(withoutErrorsFor(errors, ['links'])).toEqual({ firstName: 'z', profilePictureAlt: 'w' });
  expect(withoutErrorsFor(errors, ['profilePicture'])).toEqual({ links: 'x', 'links.1.url': 'y', firstName: 'z' });
  expect(withoutErrorsFor(errors, ['bio'])).toBe(errors);
});

test("a picture the API refuses by its bytes is told in a member's words, not as the field's rule", () => {
  const feedback = saveFeedback(refused({ profilePicture: 'must be a JPEG, PNG or WebP image' }), () => true);
  expect(feedback.fields).toEqual({ profilePicture: "This file isn't a picture we can use: choose a JPEG, PNG or WebP." });
});
