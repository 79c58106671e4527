// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EditorSection, SaveBar } from './editor-section.tsx';
import { ListSection } from './entry-list.tsx';

// Issue 12: focus that a save or a closing form would leave on the page body goes somewhere useful.

afterEach(cleanup);

function Section({ dirty, saving }: { dirty: boolean; saving: boolean }) {
  return (
    <EditorSection id="about" title="About Me">
      <section>
        <h2>Inner heading</h2>
      </section>
      <SaveBar dirty={dirty} saving={saving} />
    </EditorSection>
  );
}

describe('SaveBar', () => {
  it('gives focus to the section heading once a save has ended with nothing left to save', () => {
    const { rerender } = render(<Section dirty saving={false} />);
    screen.getByRole('button', { name: 'Save' }).focus();
    rerender(<Section dirty saving />);
    rerender(<Section dirty saving={false} />);
    rerender(<Section dirty={false} saving={false} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'About Me' }));
  });

  it('does so also when the section remounts its form with the saved data', () => {
    const form = (key: string, dirty: boolean, saving: boolean) => (
      <EditorSection id="skills" title="Skills">
        <div key={key}>
          <SaveBar dirty={dirty} saving={saving} />
        </div>
      </EditorSection>
    );
    const { rerender } = render(form('loaded', true, true));
    rerender(form('saved', false, false));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Skills' }));
  });

  it('leaves focus the user put elsewhere', () => {
    const { rerender } = render(
      <>
        <input aria-label="Elsewhere" />
        <Section dirty saving />
      </>,
    );
    screen.getByLabelText('Elsewhere').focus();
    rerender(
      <>
        <input aria-label="Elsewhere" />
        <Section dirty={false} saving={false} />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Elsewhere'));
  });
});

function Entries({ editing }: { editing: boolean }) {
  return (
    <ListSection icon={null} title="Education" description="Degrees" addLabel="Add new education" onAdd={editing ? undefined : () => {}}>
      {editing && <button type="button">Add education</button>}
    </ListSection>
  );
}

describe('ListSection', () => {
  it('gives focus to its Add button when an entry form closes and took focus with it', () => {
    const { rerender } = render(<Entries editing />);
    screen.getByRole('button', { name: 'Add education' }).focus();
    rerender(<Entries editing={false} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Add new education/ }));
  });
});
