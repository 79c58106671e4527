// @vitest-environment happy-dom
import { INTERVIEW_MESSAGES, INTERVIEW_REASON_MAX, InterviewReason } from '@talentloop/contract/api/interviews';
import { REASON_MAX, ReasonText, VETTING_CANNED_REASONS } from '@talentloop/contract/api/talent-pool';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReasonDialog } from './reason-dialog.tsx';

afterEach(cleanup);

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

/** A page whose plain button opens the dialog, as the features do; `error` is the server's answer. */
function OpenerPage({ onSubmit, error }: { onSubmit: (reason: string) => void; error?: string }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={opener} onClick={() => setOpen(true)}>
        Cancel interview
      </button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel this interview?"
        max={INTERVIEW_REASON_MAX}
        schema={InterviewReason}
        requiredMessage={INTERVIEW_MESSAGES.reasonRequired}
        submitLabel="Cancel interview"
        cancelLabel="Keep it"
        tone="danger"
        role="alertdialog"
        pending={false}
        error={error}
        onSubmit={onSubmit}
      />
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: /Reason/ }) as HTMLTextAreaElement;

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

  it('a reason of spaces is refused with the required message, the field is marked and takes focus back', () => {
    const onSubmit = vi.fn();
    render(<OpenerPage onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel interview' }));
    fireEvent.change(field(), { target: { value: '   ' } });
    // As a pointer or keyboard would: focus is on the button when it is pressed.
    const send = screen.getByRole('button', { name: 'Cancel interview' });
    send.focus();
    fireEvent.click(send);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(INTERVIEW_MESSAGES.reasonRequired)).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().required).toBe(true);
    expect(document.activeElement).toBe(field());
  });

  it('the contract length limit is the field limit and the counter, and a reason over it is refused', () => {
    const onSubmit = vi.fn();
    render(<ReasonPage onSubmit={onSubmit} />);
    expect(field().maxLength).toBe(REASON_MAX);
    expect(screen.getByText(`0/${REASON_MAX}`)).toBeTruthy();
    // Pasted text past the limit (the browser stops typing at maxLength; a script or paste may not).
    fireEvent.change(field(), { target: { value: 'x'.repeat(REASON_MAX + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field().getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the reason as the contract gives it back (trimmed)', () => {
    const onSubmit = vi.fn();
    render(<OpenerPage onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel interview' }));
    fireEvent.change(field(), { target: { value: '  Our role was filled.  ' } });
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this interview?' });
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    expect(onSubmit).toHaveBeenCalledWith('Our role was filled.');
  });

  it('shows the server failure inside the dialog, which stays open', () => {
    render(<OpenerPage onSubmit={() => {}} error="This interview was changed elsewhere." />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel interview' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this interview?' });
    expect(dialog.querySelector('[role="alert"]')?.textContent).toContain('This interview was changed elsewhere.');
  });

  it('focus starts in the reason and returns to the button that opened it on cancel', async () => {
    render(<OpenerPage onSubmit={() => {}} />);
    const opener = screen.getByRole('button', { name: 'Cancel interview' });
    opener.focus();
    fireEvent.click(opener);
    await waitFor(() => expect(document.activeElement).toBe(field()));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('a new opening starts from an empty field', () => {
    render(<OpenerPage onSubmit={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel interview' }));
    fireEvent.change(field(), { target: { value: 'Half a thought' } });
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel interview' }));
    expect(field().value).toBe('');
  });
});

describe('ReasonDialog with more of the question (children)', () => {
  it('shows the children in the form above the reason, and still sends only a reason the rule accepts', async () => {
    const onSubmit = vi.fn();
    render(
      <ReasonDialog
        open
        onOpenChange={() => {}}
        title="Query the week"
        max={REASON_MAX}
        schema={ReasonText}
        submitLabel="Send query"
        pending={false}
        onSubmit={onSubmit}
      >
        <fieldset>
          <legend>Days to query</legend>
          <label>
            <input type="checkbox" /> Monday
          </label>
        </fieldset>
      </ReasonDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Query the week' });
    const days = screen.getByRole('group', { name: 'Days to query' });
    expect(dialog.querySelector('form')?.contains(days)).toBe(true);
    expect(days.compareDocumentPosition(screen.getByRole('textbox', { name: /Reason/ })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send query' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Seven hours of calls seems long.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send query' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Seven hours of calls seems long.'));
  });
});
