import { expect, test } from 'vitest';
import { ADVISOR_STEPS, FOUNDER_STEPS, firstStepWithError, formFieldOf, stepIndexOf } from './steps';

test('server field names map onto the form controls that show them', () => {
  expect(formFieldOf('cityId')).toBe('city');
  expect(formFieldOf('links.2.url')).toBe('links.2.url');
  expect(formFieldOf('cofounderPreferences.skills.value')).toBe('cofounderPreferences.skills');
  expect(formFieldOf('profilePicture')).toBe('profilePicture');
});

test('each field belongs to exactly one founder step and one advisor step', () => {
  for (const steps of [FOUNDER_STEPS, ADVISOR_STEPS]) {
    const fields = steps.flatMap((step) => step.fields);
    expect(new Set(fields).size).toBe(fields.length);
  }
  expect(stepIndexOf(FOUNDER_STEPS, 'links.0.url')).toBe(0);
  expect(stepIndexOf(FOUNDER_STEPS, 'cofounderPreferences.skills')).toBe(3);
  expect(stepIndexOf(ADVISOR_STEPS, 'helpTypes')).toBe(2);
  expect(stepIndexOf(ADVISOR_STEPS, 'nothing')).toBe(-1);
});

test('the first step with an error is the earliest one, whatever the order of the errors', () => {
  expect(firstStepWithError(FOUNDER_STEPS, ['profilePicture', 'skills', 'bio'])).toBe(1);
  expect(firstStepWithError(FOUNDER_STEPS, ['unknown'])).toBe(-1);
  expect(firstStepWithError(ADVISOR_STEPS, [])).toBe(-1);
});
