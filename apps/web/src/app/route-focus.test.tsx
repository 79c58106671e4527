// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteFocus } from './route-focus.tsx';

afterEach(cleanup);

function Start() {
  const navigate = useNavigate();
  return (
    <main>
      <h1>Start</h1>
      <button type="button" onClick={() => navigate('/next')}>
        Go on
      </button>
    </main>
  );
}

function Next() {
  return (
    <main>
      <h1>Next page</h1>
    </main>
  );
}

function App() {
  return (
    <MemoryRouter initialEntries={['/']}>
      <RouteFocus />
      <Routes>
        <Route path="/" element={<Start />} />
        <Route path="/next" element={<Next />} />
      </Routes>
    </MemoryRouter>
  );
}

describe('RouteFocus', () => {
  it('moves focus that fell to the body on a route change to the new page heading', async () => {
    render(<App />);
    const button = screen.getByRole('button', { name: 'Go on' });
    button.focus();
    act(() => button.click());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Next page' })));
  });

  it('leaves the first load to the browser', async () => {
    render(<App />);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(document.body);
  });
});
