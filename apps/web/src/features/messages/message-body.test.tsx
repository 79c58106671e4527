// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileProblem } from './composer.tsx';
import { MessageBody } from './message-body.tsx';

afterEach(cleanup);

describe('a message on screen', () => {
  it('shows stored markup as text, never as elements', () => {
    const { container } = render(<MessageBody text={'<img src=x onerror="alert(1)"><script>alert(1)</script>'} />);
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"><script>alert(1)</script>');
  });

  it('keeps an address as text until clicked, then says where it leads before opening it apart from this page', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { container } = render(<MessageBody text="Brief: https://acme.example/brief." />);
    expect(container.querySelector('a')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'https://acme.example/brief' }));
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Open acme.example?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open link' }));
    expect(open).toHaveBeenCalledWith('https://acme.example/brief', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });
});

describe('a file picked to send', () => {
  it('is refused with the contract’s message when of another type or too large', () => {
    expect(fileProblem(new File(['x'], 'notes.exe'))).toMatch(/Send a PDF/);
    expect(fileProblem(new File([new Uint8Array(11 * 1024 * 1024)], 'scan.pdf'))).toMatch(/at most 10 MB/);
    expect(fileProblem(new File(['x'], 'Board.PNG'))).toBeUndefined();
  });
});
