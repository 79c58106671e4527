// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyboardHint } from './queue-parts.tsx';
import { useQueueKeys } from './use-queue-keys.ts';

afterEach(cleanup);

function KeysPage({ onKey }: { onKey: (what: string) => void }) {
  useQueueKeys({ next: () => onKey('next'), previous: () => onKey('previous'), decisions: { a: () => onKey('approve') } });
  return <input aria-label="Search" />;
}

describe('the queue keyboard', () => {
  it('j/k, the arrows and a decision letter act; typing in a field or a modifier does not', () => {
    const onKey = vi.fn();
    render(<KeysPage onKey={onKey} />);
    for (const key of ['j', 'ArrowDown', 'k', 'ArrowUp', 'a', 'A']) fireEvent.keyDown(document.body, { key });
    // 'A' with caps lock on is still a.
    expect(onKey.mock.calls.map((c) => c[0])).toEqual(['next', 'next', 'previous', 'previous', 'approve', 'approve']);
    onKey.mockClear();
    fireEvent.keyDown(screen.getByLabelText('Search'), { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'a', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'A', shiftKey: true });
    fireEvent.keyDown(document.body, { key: 'x' });
    expect(onKey).not.toHaveBeenCalled();
  });
});

describe('the keyboard hint', () => {
  it('placed twice on a page (wide and narrow layouts), each copy has its own id and is named by its own heading', () => {
    const { container } = render(
      <>
        <KeyboardHint keys={[['a', 'Approve']]} />
        <KeyboardHint keys={[['a', 'Approve']]} />
      </>,
    );
    const ids = [...container.querySelectorAll('[id]')].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const regions = screen.getAllByRole('region', { name: 'Keyboard shortcuts' });
    expect(regions).toHaveLength(2);
    expect(regions[0]?.getAttribute('aria-labelledby')).not.toBe(regions[1]?.getAttribute('aria-labelledby'));
  });
});
