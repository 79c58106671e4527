// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerLeave, confirmLeave, hasUnsavedChanges, useLeaveQuestion, useUnsavedChanges } from './unsaved-changes.ts';

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
});
