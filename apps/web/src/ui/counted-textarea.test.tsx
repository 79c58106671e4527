// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CountedTextarea } from './counted-textarea.tsx';

afterEach(cleanup);

function Notes({ error, stopAtMax }: { error?: string; stopAtMax?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <CountedTextarea
      id="notes"
      label="Notes"
      max={20}
      value={value}
      error={error}
      stopAtMax={stopAtMax}
      onChange={(e) => setValue(e.target.value)}
    />
  );
}

describe('CountedTextarea', () => {
  it('counts the characters typed against the maximum and stops at it', () => {
    render(<Notes />);
    const field = screen.getByLabelText('Notes') as HTMLTextAreaElement;
    expect(field.tagName).toBe('TEXTAREA');
    expect(screen.getByText('0/20')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Hello there' } });
    expect(screen.getByText('11/20')).toBeTruthy();
    expect(field.maxLength).toBe(20);
  });

  it('announces the count politely and describes the field with it', () => {
    render(<Notes />);
    const count = screen.getByText('0/20');
    expect(count.getAttribute('aria-live')).toBe('polite');
    expect(count.id).toBe('notes-count');
    expect(screen.getByLabelText('Notes').getAttribute('aria-describedby')).toBe('notes-count');
  });

  it('shows the error, marks the field invalid and links the error to it', () => {
    render(<Notes error="Notes must be under 20 characters" stopAtMax={false} />);
    const field = screen.getByLabelText('Notes');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Notes must be under 20 characters');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(`${error.id} notes-count`);
    expect(field.hasAttribute('maxlength')).toBe(false);
  });
});
