// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExperienceLevelRadio } from './experience-level-radio.tsx';

afterEach(cleanup);

function Levels({ initial = '', onChange }: { initial?: string; onChange?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <span id="level-label">Experience level</span>
      <ExperienceLevelRadio
        id="level"
        value={value}
        labelledBy="level-label"
        onChange={(next) => {
          onChange?.(next);
          setValue(next);
        }}
      />
    </>
  );
}

const card = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });
/** A quick tap: the key is released before Radix moves focus on its timer. */
const tap = (element: HTMLElement, key: string) => {
  fireEvent.keyDown(element, { key });
  fireEvent.keyUp(element, { key });
};

// spec: auth-onboarding §9 Experience levels; WAI-ARIA radio group: arrow keys move focus and check.
describe('ExperienceLevelRadio', () => {
  it('selects the card an arrow key moves focus to, even when the key is released before focus lands', async () => {
    render(<Levels initial="fresher" />);
    const first = card('Fresher');
    first.focus();
    tap(first, 'ArrowRight');
    const next = card('Early Career');
    await waitFor(() => expect(document.activeElement).toBe(next));
    await waitFor(() => expect(next.getAttribute('aria-checked')).toBe('true'));
    expect(first.getAttribute('aria-checked')).toBe('false');

    tap(next, 'ArrowLeft');
    await waitFor(() => expect(document.activeElement).toBe(first));
    await waitFor(() => expect(first.getAttribute('aria-checked')).toBe('true'));
  });

  it('wraps from the last card to the first and selects it', async () => {
    render(<Levels initial="expert" />);
    const last = card('Expert');
    last.focus();
    tap(last, 'ArrowDown');
    await waitFor(() => expect(card('Fresher').getAttribute('aria-checked')).toBe('true'));
    expect(document.activeElement).toBe(card('Fresher'));
  });

  it('does not select a card that takes focus without an arrow key', () => {
    const onChange = vi.fn();
    render(<Levels onChange={onChange} />);
    fireEvent.keyDown(card('Mid-Exp'), { key: 'Tab' });
    card('Mid-Exp').focus();
    expect(document.activeElement).toBe(card('Mid-Exp'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getAllByRole('radio').every((radio) => radio.getAttribute('aria-checked') === 'false')).toBe(true);
  });
});
