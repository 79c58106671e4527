// @vitest-environment happy-dom
import { REASON_MAX, ReasonText, VETTING_CANNED_REASONS } from '@talentloop/contract/api/talent-pool';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyboardHint, ReasonDialog } from './queue-parts.tsx';
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

function ReasonPage({ onSubmit }: { onSubmit: (reason: string) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ReasonDialog
      open={open}
      onOpenChange={setOpen}
      title="Request changes"
      description="The freelancer reads this."
      canned={VETTING_CANNED_REASONS.request_changes}
      max={REASON_MAX}
      schema={ReasonText}
      submitLabel="Send request"
      pending={false}
      onSubmit={onSubmit}
    />
  );
}

describe('the reason dialog', () => {
  it('a canned reason is starting text the operator edits before sending', () => {
    const onSubmit = vi.fn();
    render(<ReasonPage onSubmit={onSubmit} />);
    const canned = VETTING_CANNED_REASONS.request_changes[0] as string;
    fireEvent.click(screen.getByRole('button', { name: canned }));
    const field = screen.getByLabelText(/Reason/) as HTMLTextAreaElement;
    expect(field.value).toBe(canned);
    fireEvent.change(field, { target: { value: `${canned} The case study link is broken.` } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(onSubmit).toHaveBeenCalledWith(`${canned} The case study link is broken.`);
  });

  it('an empty reason is refused with the contract message and nothing is sent', () => {
    const onSubmit = vi.fn();
    render(<ReasonPage onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(/at least 3 characters|give a reason/i)).toBeTruthy();
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
