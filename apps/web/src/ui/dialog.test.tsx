// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';

afterEach(cleanup);

/** A page with a plain button that opens the dialog (not a Radix trigger), as the features do. */
function Page({ landmark = false, closable = true, withReturn = true }: { landmark?: boolean; closable?: boolean; withReturn?: boolean }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={opener} onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        returnFocus={withReturn ? opener : undefined}
        title="Hire vetted talent"
        description="Tell us who you are."
        size="sm"
        landmark={landmark}
        closable={closable}
        footer={<button type="button">Send request</button>}
      >
        <input aria-label="Company name" />
      </Dialog>
    </>
  );
}

/** Tabs whose arrow key asks a question first (the wizard's leave guard), focus already moved. */
function Tabs() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div role="tablist">
        <button type="button" role="tab" aria-selected="true">
          Basics
        </button>
        <button type="button" role="tab" aria-selected="false" onKeyDown={() => setOpen(true)}>
          Education
        </button>
      </div>
      <Dialog open={open} onOpenChange={setOpen} title="Leave without saving?" size="sm">
        <p>Your changes are not saved.</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is named by its title, described by its description, and shows its body and footer', () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Hire vetted talent' });
    const described = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Tell us who you are.');
    expect(screen.getByRole('heading', { level: 2, name: 'Hire vetted talent' })).toBeTruthy();
    expect(screen.getByLabelText('Company name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send request' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Hire vetted talent' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('without returnFocus, Escape gives focus back to what had it when the dialog opened (not <body>)', async () => {
    render(<Page withReturn={false} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Hire vetted talent' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('gives focus to the selected tab, not to an unselected tab that had it (focus would select it: the leave question asked again)', async () => {
    render(<Tabs />);
    const moved = screen.getByRole('tab', { name: 'Education' });
    moved.focus();
    fireEvent.keyDown(moved, { key: 'ArrowRight' });
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Basics' })));
  });

  it('a dialog that cannot be closed ignores Escape and has no Close button', async () => {
    render(<Page closable={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Hire vetted talent' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Hire vetted talent' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('as a landmark it holds the main region and a level-one heading', () => {
    render(<Page landmark />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const main = screen.getByRole('main');
    expect(main.closest('[role="dialog"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Hire vetted talent' })).toBeTruthy();
  });
});
