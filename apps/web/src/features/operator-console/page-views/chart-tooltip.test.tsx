// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OTHER_COLOUR } from './chart-data.ts';
import { ChartTooltip } from './chart-tooltip.tsx';

afterEach(cleanup);

describe('the page-views tooltip', () => {
  it('writes every name and number in the text colour, most viewed first; the line colour is only a swatch', () => {
    const { container } = render(
      <ChartTooltip
        title="Tue, 24 Nov 2026"
        items={[
          { name: '/login', value: 3, colour: '#0e7490' },
          { name: 'Other (4 paths)', value: 1200, colour: OTHER_COLOUR, dashed: true },
        ]}
      />,
    );
    expect(screen.getByText('Tue, 24 Nov 2026')).toBeTruthy();
    const rows = [...container.querySelectorAll('li')];
    expect(rows.map((r) => r.textContent)).toEqual(['Other (4 paths)1,200', '/login3']);
    // No text is styled with a colour of its own (it inherits the ink of the card).
    for (const el of container.querySelectorAll<HTMLElement>('li *:not([data-swatch])')) expect(el.style.color).toBe('');
    const swatches = [...container.querySelectorAll<HTMLElement>('[data-swatch]')];
    expect(swatches.map((s) => s.getAttribute('aria-hidden'))).toEqual(['true', 'true']);
    expect(swatches[0]?.textContent).toBe('');
  });
});
