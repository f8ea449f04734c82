import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { escapeRegex } from '../../server/store/safe';
import { defaultFieldTypes } from '../../engine/default-registry';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { copyCatalogueWith, newsletterType, orgnrType } from '../unit/engine/new-field-type';

/**
 * Bad field-type files (issue 25): the server refuses to start with a Swedish message naming
 * the file and the problem, before it opens anything (no store, no data folder written), and
 * the engine keeps the catalogue it had.
 */
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

async function refusal(files: Record<string, object | string>): Promise<{ message: string; dir: string; dataDir: string }> {
  const dir = copyCatalogueWith(files);
  const dataDir = mkdtempSync(join(tmpdir(), 'blankett-refused-'));
  made.push(dir, dataDir);
  const config = loadConfig({ NODE_ENV: 'test' }, { dataDir, jwtSecret: new Uint8Array(32), port: 0, catalogueDirs: [dir] });
  const error = await createApp(config).then(
    async (app) => {
      await app.close();
      return null;
    },
    (e: unknown) => e as Error,
  );
  expect(error, 'the server started').not.toBeNull();
  expect(readdirSync(dataDir), 'something was opened before the refusal').toEqual([]);
  expect(defaultFieldTypes().has('orgnr') || defaultFieldTypes().has('slider')).toBe(false);
  return { message: error!.message, dir, dataDir };
}

const fileOf = (dir: string, name: string) => join(dir, 'field-types', `${name}.json`);

describe('a catalogue with a bad field-type file', () => {
  it('refuses a type drawn by a widget that does not exist', async () => {
    const { message, dir } = await refusal({ slider: { ...newsletterType, name: 'slider', keyPrefix: 'form_slider_', widget: 'slider' } });
    expect(message).toContain(`${fileOf(dir, 'slider')} (slider): Fälttypen ritas av widgeten slider, som inte finns`);
    expect(message).toMatch(/^Fälttyperna och valideringarna går inte att använda:\n- /);
  });

  it('refuses an answer schema no answer kind fits, and a declared kind its answer does not have', async () => {
    const { message, dir } = await refusal({
      amount: { ...orgnrType, name: 'amount', keyPrefix: 'form_amount_', answer: { type: 'number' }, answerKind: undefined, validators: [], requiredValidator: undefined },
      vat: { ...orgnrType, name: 'vat', keyPrefix: 'form_vat_', answerKind: 'boolean' },
    });
    expect(message).toContain(`${fileOf(dir, 'amount')} (amount): Svarstypen går inte att avgöra: answerKind – passar inte svarsschemat {"type":"number"}`);
    expect(message).toContain(`${fileOf(dir, 'vat')} (vat): Svarstypen går inte att avgöra: answerKind boolean`);
    // One problem a line, each naming its file (they were one line joined by '; ' after each full stop).
    const lines = message.split('\n').slice(1);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toMatch(new RegExp(`^- ${escapeRegex(dir)}/field-types/\\w+\\.json \\(\\w+\\): \\S`));
  });

  it('refuses a name another file already declares', async () => {
    const { message, dir } = await refusal({ text2: { ...orgnrType, name: 'text', keyPrefix: 'form_text2_' } });
    expect(message).toContain(`${fileOf(dir, 'text2')} (text): Fälttypen är deklarerad två gånger`);
  });

  it('refuses a key prefix another type uses', async () => {
    const { message, dir } = await refusal({ vat: { ...orgnrType, name: 'vat', keyPrefix: 'form_text_' } });
    expect(message).toContain(`${fileOf(dir, 'vat')} (vat): Nyckelprefixet form_text_ används redan av fälttypen text.`);
  });

  it('refuses a file that is not JSON, naming where it breaks, together with every other problem', async () => {
    const { message, dir } = await refusal({ broken: '{\n  "name": "broken",\n  "title" "Trasig"\n}', slider: { ...newsletterType, name: 'slider', keyPrefix: 'form_slider_', widget: 'slider' } });
    expect(message).toContain(`${fileOf(dir, 'broken')}: Filen är inte giltig JSON (rad 3, kolumn`);
    expect(message).toContain(`${fileOf(dir, 'slider')} (slider): Fälttypen ritas av widgeten slider`);
    expect(message).not.toMatch(/Unexpected|Invalid|position \d/);
  });
});
