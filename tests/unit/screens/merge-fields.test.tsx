import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { RichText } from '../../../screens/shared/RichText';
import { useMergeFields } from '../../../screens/applicants/mail/useMergeFields';

function Harness() {
  const [subject, setSubject] = useState('Hej ');
  const [body, setBody] = useState('');
  const merge = useMergeFields(subject, setSubject);
  return (
    <>
      <label htmlFor="s">Ämne</label>
      <input id="s" ref={merge.subjectRef} value={subject} onChange={(e) => setSubject(e.target.value)} onFocus={merge.onSubjectFocus} />
      <span id="b">Innehåll</span>
      <RichText id="body" value={body} onChange={setBody} labelledBy="b" insertRef={merge.insertBody} onFocus={merge.onBodyFocus} />
      <button type="button" onClick={() => merge.insert('{firstname}')}>
        Förnamn
      </button>
      <output data-testid="body">{body}</output>
    </>
  );
}

// Regression: keys typed right after a merge-field click landed on the button (tiptap's focus
// waits a frame; a space on the button pressed it again: '{firstname}{firstname}Hälsningar').
describe('merge-field buttons', () => {
  it('put focus back in the body editor in the same click, with the field inserted', () => {
    render(<Harness />);
    const editor = screen.getByRole('textbox', { name: 'Innehåll' });
    editor.focus();
    fireEvent.focus(editor);
    const button = screen.getByRole('button', { name: 'Förnamn' });
    button.focus();
    fireEvent.click(button);
    expect(document.activeElement).toBe(editor);
    expect(screen.getByTestId('body').textContent).toContain('{firstname}');
  });

  it('put focus back in the subject in the same click, with the caret after the field', () => {
    render(<Harness />);
    const subject = screen.getByLabelText('Ämne') as HTMLInputElement;
    subject.focus();
    subject.setSelectionRange(4, 4);
    const button = screen.getByRole('button', { name: 'Förnamn' });
    button.focus();
    fireEvent.click(button);
    expect(document.activeElement).toBe(subject);
    expect(subject.value).toBe('Hej {firstname}');
    expect(subject.selectionStart).toBe('Hej {firstname}'.length);
  });
});
