import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { failureText, fieldErrors, formErrors, readFormError, zodFieldErrors } from './form-errors';

const apiError = (status: number, body: unknown) => new ApiError(status, '', JSON.stringify(body), body);
const offline = new TypeError('Failed to fetch');

describe('fieldErrors', () => {
  const conflict = apiError(409, { message: 'Slug taken', errors: { slug: 'Slug taken' } });

  it('reads the string field messages of any answer, or only those asked for', () => {
    const bad = apiError(400, { message: 'x', errors: { name: 'Too long', slug: 'Bad', n: 3 } });
    expect(fieldErrors(bad)).toEqual({ name: 'Too long', slug: 'Bad' });
    expect(fieldErrors(bad, { fields: ['name'] })).toEqual({ name: 'Too long' });
    expect(fieldErrors(conflict)).toEqual({ slug: 'Slug taken' });
  });

  it('keeps to one status when asked, and is empty for anything without fields', () => {
    expect(fieldErrors(conflict, { status: 400 })).toEqual({});
    expect(fieldErrors(apiError(400, { message: 'x' }))).toEqual({});
    expect(fieldErrors(apiError(500, 'oops'))).toEqual({});
    expect(fieldErrors(offline)).toEqual({});
  });
});

describe('zodFieldErrors', () => {
  it('keeps the first message of each field; a pathless issue belongs to the form', () => {
    const schema = z.object({ name: z.string().min(2, 'Short').max(1, 'Long'), n: z.number() });
    const r = schema.safeParse({ name: 'abc', n: 'x' });
    expect(r.success).toBe(false);
    if (!r.success) expect(zodFieldErrors(r.error)).toEqual({ name: 'Long', n: expect.any(String) });
    const whole = z.string().safeParse(1);
    if (!whole.success) expect(Object.keys(zodFieldErrors(whole.error))).toEqual(['form']);
  });
});

describe('formErrors', () => {
  it('gives the fields, or else the message for the whole form', () => {
    expect(formErrors(apiError(409, { message: 'Slug taken', errors: { slug: 'Slug taken' } }), 'F')).toEqual({ slug: 'Slug taken' });
    expect(formErrors(apiError(403, { message: 'No' }), 'F')).toEqual({ form: 'No' });
    expect(formErrors(offline, 'F')).toEqual({ form: 'F' });
  });
});

describe('failureText', () => {
  it('words a failed call for a toast', () => {
    expect(failureText(apiError(400, { message: 'Bad email' }))).toBe('Bad email');
    expect(failureText(apiError(404, {}), 'Gone')).toBe('Gone');
    expect(failureText(apiError(429, {}))).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(failureText(apiError(500, { message: 'internal' }))).toBe('Something went wrong on our side. Please try again in a moment.');
    expect(failureText(offline)).toBe("Couldn't reach Kerbside. Check your signal and try again.");
  });
});

describe('readFormError', () => {
  it('puts 400 field messages under the fields the form has and says nothing more', () => {
    const err = apiError(400, { message: 'Choose a category', errors: { categoryId: 'Choose a category', other: 'x' } });
    expect(readFormError(err, ['categoryId', 'title'])).toEqual({ fields: { categoryId: 'Choose a category' }, message: null, status: 400 });
    expect(readFormError(err)).toEqual({ fields: {}, message: 'Choose a category', status: 400 });
  });

  it('tells the writer their text is kept when the failure is not theirs', () => {
    expect(readFormError(offline).message).toContain('your text is kept on this device');
    expect(readFormError(apiError(401, {})).message).toBe('Your session has ended. Sign in again, then send: your text is kept on this device.');
    expect(readFormError(apiError(503, {})).message).toContain('your text is kept on this device');
    expect(readFormError(apiError(429, {})).message).toBe('You are posting too quickly. Please wait a few minutes and try again.');
    expect(readFormError(apiError(429, { message: 'Slow down' })).message).toBe('Slow down');
  });

  it("gives maintenance's own words (its marked 503), not 'Something went wrong' (issue 18)", () => {
    const paused = apiError(503, { message: 'Kerbside is under maintenance. Please try again shortly.', maintenance: true });
    expect(readFormError(paused).message).toBe('Kerbside is under maintenance. Please try again shortly. Your text is kept on this device.');
    expect(failureText(paused)).toBe('Kerbside is under maintenance. Please try again shortly.');
    // Any other 503 is a fault like a 500.
    expect(failureText(apiError(503, { message: 'Service unavailable' }))).toBe('Something went wrong on our side. Please try again in a moment.');
  });
});
