// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../../lib/api-client.ts';
import { DocumentPreview } from './protected-file.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenState.set(null);
});

describe('a document previewed in the console', () => {
  it('shows a PDF whole: fitted to a frame shaped like a page, read with the token', async () => {
    tokenState.set('token');
    const fetchMock = vi.fn(
      async () =>
        new Response(new Uint8Array([37, 80, 68, 70]), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="file.pdf"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<DocumentPreview url="/api/files/f1" mime="application/pdf" title="Certificate from Acme" name="certificate" />);
    const frame = (await screen.findByTitle('Certificate from Acme')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toMatch(/^blob:.*#view=Fit$/);
    expect(frame.className).toContain('aspect-[1/1.414]');
    expect(frame.className).not.toMatch(/\bh-\[70vh\]/);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/files/f1?inline=1',
      expect.objectContaining({ headers: { Authorization: 'Bearer token' } }),
    );
  });
});
