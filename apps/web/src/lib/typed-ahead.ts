import type { FormAnswer, PostedForm } from '@talentloop/contract/form-answer';
import { useEffect, useLayoutEffect, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { usePageData } from './page-data.ts';

// Issue 37 (decision 54's lost input): login and sign-up are HTML before their scripts run, and a
// visitor may type or paste into them then. React's hydration leaves an uncontrolled field's value
// alone, but react-hook-form sets each field to its default value when the field registers, which
// would wipe it. So the values in the form's elements are read while the page hydrates (render runs
// before any field registers) and handed to the form right after the fields registered, as if typed
// then. Only on a page drawn ahead, and only the first time its form is drawn.

type Typed = Array<[name: string, value: string | boolean]>;

const restored = new Set<string>();

/**
 * What the visitor changed while the page hydrated, after the form's render read its fields and
 * before they registered (a click or key there makes React finish hydrating inside that event, and
 * registering resets the field): by form, each field's state at the event. Recorded by a listener
 * on the document, which runs before React's own on the page's root.
 */
const changedWhileHydrating = new Map<string, Map<string, string | boolean>>();

/** The state of a form field an event reached (a radio only when chosen); undefined for anything else. */
function fieldState(target: EventTarget | null): { form: string; name: string; value: string | boolean } | undefined {
  if (!(target instanceof HTMLInputElement) || !target.name || !target.form?.getAttribute('name')) return undefined;
  const form = target.form.getAttribute('name') as string;
  if (restored.has(form)) return undefined;
  if (target.type === 'radio') return target.checked ? { form, name: target.name, value: target.value } : undefined;
  return { form, name: target.name, value: target.type === 'checkbox' ? target.checked : target.value };
}

/** Records a change to a form's field made before its fields registered. */
export function recordEarlyChange(event: Event) {
  const state = fieldState(event.target);
  if (!state) return;
  const fields = changedWhileHydrating.get(state.form) ?? new Map<string, string | boolean>();
  fields.set(state.name, state.value);
  changedWhileHydrating.set(state.form, fields);
}

/** The changes recorded for `formName` (taken: recorded once). */
export function takeEarlyChanges(formName: string): ReadonlyMap<string, string | boolean> {
  const fields = changedWhileHydrating.get(formName) ?? new Map<string, string | boolean>();
  changedWhileHydrating.delete(formName);
  return fields;
}

if (typeof document !== 'undefined') {
  // A checkbox or radio has its new state when its click is dispatched; a text field at its input.
  for (const type of ['click', 'input', 'change'] as const) document.addEventListener(type, recordEarlyChange, true);
}

function readTyped(formName: string, names: readonly string[], defaults: Record<string, unknown>): Typed {
  const form = document.forms.namedItem(formName);
  if (!form) return [];
  const typed: Typed = [];
  for (const name of names) {
    const el = form.elements.namedItem(name);
    // A radio group: the chosen radio's value ('' when none is chosen).
    if (el instanceof RadioNodeList) {
      if (el.value && el.value !== defaults[name]) typed.push([name, el.value]);
      continue;
    }
    if (!(el instanceof HTMLInputElement)) continue;
    const value = el.type === 'checkbox' ? el.checked : el.value;
    if (value !== (defaults[name] ?? (el.type === 'checkbox' ? false : ''))) typed.push([name, value]);
  }
  return typed;
}

/** Keeps what was typed into `<form name={formName}>` before hydration, for the fields `names`. */
export function useTypedAhead<T extends FieldValues>(formName: string, form: UseFormReturn<T>, names: readonly Path<T>[]) {
  const { ahead } = usePageData();
  const [typed] = useState<Typed>(() =>
    ahead && typeof document !== 'undefined' && !restored.has(formName)
      ? readTyped(formName, names, (form.formState.defaultValues ?? {}) as Record<string, unknown>)
      : [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after the fields registered
  useLayoutEffect(() => {
    restored.add(formName);
    // What was in the fields at render, then what changed since (it wins: it came later).
    const values = new Map<string, string | boolean>(typed);
    for (const [name, value] of takeEarlyChanges(formName)) if ((names as readonly string[]).includes(name)) values.set(name, value);
    if (!ahead) return;
    for (const [name, value] of values) form.setValue(name as Path<T>, value as PathValue<T, Path<T>>, { shouldDirty: true });
  }, []);
}

const answered = new Set<PostedForm>();

/**
 * The server's answer to `form` posted before (or without) its scripts (page data `formAnswer`), on
 * the page that answer drew; a later visit to the page in the app starts afresh.
 */
export function usePostedAnswer(form: PostedForm): FormAnswer | undefined {
  const { formAnswer } = usePageData();
  const [answer] = useState(() => (formAnswer?.form === form && !answered.has(form) ? formAnswer : undefined));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once
  useEffect(() => {
    answered.add(form);
  }, []);
  return answer;
}
