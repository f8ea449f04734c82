import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { RichText } from '../../../../screens/shared/RichText';
import { merged } from '../../../../screens/applicants/mail/MergePreview';

const FIELDS = [
  { key: 'firstname', label: 'Förnamn' },
  { key: 'position', label: 'Tjänst' },
];

function Harness({ initial }: { initial: string }) {
  const [body, setBody] = useState(initial);
  const insert = useRef<((text: string) => void) | null>(null);
  return (
    <>
      <span id="b">Innehåll</span>
      <RichText id="body" value={body} onChange={setBody} labelledBy="b" insertRef={insert} mergeFields={FIELDS} />
      <button type="button" onClick={() => insert.current?.('{position}')}>
        Tjänst
      </button>
      <output data-testid="body">{body}</output>
    </>
  );
}

describe('merge fields in the mail editors', () => {
  it('show as named chips in the text, while the stored HTML keeps {key}', () => {
    render(<Harness initial="<p>Hej {firstname}! Om {okänd} och {position}.</p>" />);
    const editor = screen.getByRole('textbox', { name: 'Innehåll' });
    const chips = [...editor.querySelectorAll('.rt-merge')].map((c) => c.textContent);
    expect(chips).toEqual(['Förnamn', 'Tjänst']);
    // An unknown field stays as typed text, not a chip.
    expect(editor.textContent).toContain('{okänd}');
    expect(editor.textContent).not.toContain('{firstname}');
    fireEvent.click(screen.getByRole('button', { name: 'Tjänst' }));
    const stored = screen.getByTestId('body').textContent!;
    expect(stored.match(/\{position\}/g)).toHaveLength(2);
    expect(stored).toContain('Hej {firstname}! Om {okänd} och {position}.');
    expect(stored).not.toMatch(/data-merge|rt-merge|Förnamn/);
    expect(editor.querySelectorAll('.rt-merge')).toHaveLength(3);
  });

  it('preview the merged text, values escaped in the HTML', () => {
    const mail = merged('Om {position}', '<p>Hej {firstname}!</p><p>Vänliga hälsningar<br>{company}</p>', { firstname: '<b>Åsa</b>', position: 'Lager', company: 'AB' });
    expect(mail.subject).toBe('Om Lager');
    expect(mail.html).toBe('<p>Hej &lt;b&gt;Åsa&lt;/b&gt;!</p><p>Vänliga hälsningar<br />AB</p>');
  });
});
