import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Screen {
  id: string;
  title: string;
  nav?: { category: string; label: string; order: number };
}

const dir = join(import.meta.dirname, '../../../schemas/screens');
const screens = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Screen);

/**
 * Spec document 1 §2 "Admin shell", verbatim (our additions Tema, Textmallar, Meddelanden (issue 17),
 * Valideringsmeddelanden (issue 18), Talangpool and Tillgänglighet (issue 28), SCIM (issue 29) sit between or after them).
 */
const SPEC_MENU: Record<string, string[]> = {
  Allmänt: ['Start', 'Annonser', 'Nyheter'],
  Inställningar: ['E-postmallar', 'Annonsbilder', 'Formulärmallar', 'Kompetenser'],
  Admin: ['Användare', 'Företags Profil', 'Integration', 'GDPR'],
  Superuser: ['Events', 'Skriv nyhet', 'Ny Container', 'Generera data'],
};
const OUR_ADDITIONS = ['Tema', 'Textmallar', 'Meddelanden', 'Valideringsmeddelanden', 'Talangpool', 'Tillgänglighet', 'Inloggning', 'Analys'];

describe("the sidebar's labels", () => {
  it('are the spec\'s, exactly as it writes them, in its order', () => {
    for (const [category, labels] of Object.entries(SPEC_MENU)) {
      const inMenu = screens
        .filter((s) => s.nav?.category === category)
        .sort((a, b) => a.nav!.order - b.nav!.order)
        .map((s) => s.nav!.label)
        .filter((l) => !OUR_ADDITIONS.includes(l));
      expect(inMenu, category).toEqual(labels);
    }
  });

  it('open screens whose title is the label itself', () => {
    const differing = screens.filter((s) => s.nav && s.nav.label !== s.title).map((s) => `${s.id}: '${s.nav!.label}' opens '${s.title}'`);
    expect(differing).toEqual([]);
  });
});
