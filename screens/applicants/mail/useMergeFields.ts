import { useRef } from 'react';
import { flushSync } from 'react-dom';

/**
 * Where a merge-field button puts its `{placeholder}`: into the subject when that was the last
 * field focused, otherwise at the body editor's cursor. Focus goes back to that field in the
 * same click, not a frame later, so keys typed right after the click land in the text and not
 * on the button (a space there would press it again).
 */
export function useMergeFields(subject: string, setSubject: (next: string) => void) {
  const subjectRef = useRef<HTMLInputElement>(null);
  const insertBody = useRef<((text: string) => void) | null>(null);
  const last = useRef<'subject' | 'body'>('body');
  const insert = (text: string) => {
    const el = subjectRef.current;
    if (last.current !== 'subject' || !el) return insertBody.current?.(text);
    const at = el.selectionStart ?? subject.length;
    const end = el.selectionEnd ?? at;
    flushSync(() => setSubject(subject.slice(0, at) + text + subject.slice(end)));
    el.focus();
    el.setSelectionRange(at + text.length, at + text.length);
  };
  return {
    subjectRef,
    insertBody,
    insert,
    onSubjectFocus: () => void (last.current = 'subject'),
    onBodyFocus: () => void (last.current = 'body'),
  };
}
