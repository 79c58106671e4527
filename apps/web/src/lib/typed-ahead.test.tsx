// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { PageDataContext } from './page-data.ts';
import { takeEarlyChanges, useTypedAhead } from './typed-ahead.ts';

// The server's HTML of a form, as the page has it before React hydrates.
function serverForm(name: string) {
  const holder = document.createElement('div');
  holder.innerHTML = `<form name="${name}"><input type="checkbox" name="terms"><input type="radio" name="kind" value="a"><input type="radio" name="kind" value="b"></form>`;
  document.body.append(holder);
  return holder.querySelector('form') as HTMLFormElement;
}

const ahead = ({ children }: { children: ReactNode }) => (
  <PageDataContext.Provider value={{ ahead: true }}>{children}</PageDataContext.Provider>
);

type Values = { terms: boolean; kind: string };
let values: () => Values = () => ({ terms: false, kind: '' });
function Form({ name }: { name: string }) {
  const form = useForm<Values>({ defaultValues: { terms: false, kind: '' } });
  useTypedAhead(name, form, ['terms', 'kind']);
  values = () => form.getValues();
  return null;
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('input made while the page hydrates', () => {
  it('a box ticked after the form read its fields, then reset by registering, is handed to the form', () => {
    const form = serverForm('early-tick');
    const box = form.elements.namedItem('terms') as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(true);
    // What registering the field does to it (react-hook-form sets its default value).
    box.checked = false;
    render(<Form name="early-tick" />, { wrapper: ahead });
    expect(values().terms).toBe(true);
  });

  it('a radio is recorded when chosen, the later choice winning', () => {
    const form = serverForm('early-radio');
    (form.querySelector('[value=a]') as HTMLInputElement).click();
    (form.querySelector('[value=b]') as HTMLInputElement).click();
    render(<Form name="early-radio" />, { wrapper: ahead });
    expect(values().kind).toBe('b');
  });

  it('nothing is recorded for a form once it took its fields, nor for a field outside a named form', () => {
    const form = serverForm('taken');
    render(<Form name="taken" />, { wrapper: ahead });
    (form.elements.namedItem('terms') as HTMLInputElement).click();
    expect(takeEarlyChanges('taken').size).toBe(0);
    const loose = document.createElement('input');
    loose.type = 'checkbox';
    loose.name = 'terms';
    document.body.append(loose);
    loose.click();
    expect(takeEarlyChanges('').size).toBe(0);
  });
});
