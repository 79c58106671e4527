// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { StarInput, Stars } from './stars.tsx';

afterEach(cleanup);

function Rated() {
  const [value, setValue] = useState<number | null>(null);
  return (
    <>
      <p id="quality">Quality of work</p>
      <StarInput name="quality" value={value} onChange={setValue} labelId="quality" />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('stars', () => {
  it('a read-only row has one name with the rounded value', () => {
    render(<Stars value={4.25} />);
    expect(screen.getByRole('img', { name: '4.3 out of 5 stars' })).toBeTruthy();
  });

  it('the input is a radio group named by its criterion, one radio per star', () => {
    render(<Rated />);
    const group = screen.getByRole('radiogroup', { name: 'Quality of work' });
    expect(group).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    fireEvent.click(screen.getByRole('radio', { name: /^4 stars, Very good/ }));
    expect(screen.getByText('4', { selector: 'output' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^4 stars/ }) as HTMLInputElement).checked).toBe(true);
  });
});
