// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField } from './form-field.tsx';

afterEach(cleanup);

describe('FormField', () => {
  it('labels the control and points it at its hint', () => {
    render(
      <FormField label="Work hours" id="hours" hint="Per week">
        {(control) => <input {...control} />}
      </FormField>,
    );
    const input = screen.getByLabelText('Work hours');
    expect(input.id).toBe('hours');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe('hours-hint');
    expect(screen.getByText('Per week').id).toBe('hours-hint');
  });

  it('marks the control invalid and announces the error in place of the hint', () => {
    render(
      <FormField label="Title" id="title" hint="Your role" error="Title is required" describedByExtra="title-count">
        {(control) => <input {...control} />}
      </FormField>,
    );
    const input = screen.getByLabelText('Title');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('title-error title-count');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Title is required');
    expect(error.id).toBe('title-error');
    expect(screen.queryByText('Your role')).toBeNull();
  });

  it('names a group control through its label id', () => {
    render(
      <FormField label="Experience level" id="level" group>
        {(control) => <div role="radiogroup" id={control.id} aria-labelledby="level-label" />}
      </FormField>,
    );
    expect(screen.getByRole('radiogroup', { name: 'Experience level' })).toBeTruthy();
  });
});
