// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answerLeave,
  confirmLeave,
  hasUnsavedChanges,
  historyPosition,
  notePosition,
  POSITION,
  useLeaveQuestion,
  useUnsavedChanges,
} from './unsaved-changes.ts';

function Form({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty);
  return null;
}
let questionOpen = false;
function Prompt() {
  questionOpen = useLeaveQuestion();
  return null;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('unsaved-changes guard', () => {
  it('leaves at once when no form holds changes', () => {
    render(<Form dirty={false} />);
    const proceed = vi.fn();
    confirmLeave(proceed);
    expect(proceed).toHaveBeenCalledOnce();
  });

  it('asks first while a form holds changes: Stay keeps them, Leave drops them and goes on', () => {
    render(
      <>
        <Form dirty />
        <Prompt />
      </>,
    );
    expect(hasUnsavedChanges()).toBe(true);
    const proceed = vi.fn();
    act(() => confirmLeave(proceed));
    expect(questionOpen).toBe(true);
    act(() => answerLeave(false));
    expect(proceed).not.toHaveBeenCalled();
    expect(questionOpen).toBe(false);
    expect(hasUnsavedChanges()).toBe(true);

    act(() => confirmLeave(proceed));
    act(() => answerLeave(true));
    expect(proceed).toHaveBeenCalledOnce();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it("uses the browser's confirm when no prompt is mounted", () => {
    render(<Form dirty />);
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const proceed = vi.fn();
    confirmLeave(proceed);
    expect(confirm).toHaveBeenCalledOnce();
    expect(proceed).not.toHaveBeenCalled();
  });

  it('forgets a form once it is gone', () => {
    const view = render(<Form dirty />);
    expect(hasUnsavedChanges()).toBe(true);
    view.unmount();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it("stamps each history entry with its own position: a pushed one one further, a replaced one in place, beside the router's fields", () => {
    window.history.replaceState(null, '');
    notePosition('POP');
    const start = historyPosition() as number;
    expect(start).toBeTypeOf('number');
    // The router pushes its own state; the stamp is added beside it.
    window.history.pushState({ key: 'a', idx: 1 }, '');
    notePosition('PUSH');
    expect(historyPosition()).toBe(start + 1);
    expect(window.history.state).toEqual({ key: 'a', idx: 1, [POSITION]: start + 1 });
    // A second run for the same entry (React's strict mode) keeps its stamp.
    notePosition('PUSH');
    expect(historyPosition()).toBe(start + 1);
    window.history.pushState({ key: 'b', idx: 2 }, '');
    notePosition('PUSH');
    expect(historyPosition()).toBe(start + 2);
    // The router's replace drops the stamp: the new entry takes the replaced one's place.
    window.history.replaceState({ key: 'c', idx: 2 }, '');
    notePosition('REPLACE');
    expect(historyPosition()).toBe(start + 2);
    // Moving to a stamped entry keeps its stamp.
    window.history.replaceState({ key: 'a', idx: 1, [POSITION]: start + 1 }, '');
    notePosition('POP');
    expect(historyPosition()).toBe(start + 1);
  });
});
