import { useCallback, useEffect, useMemo, useState, type CSSProperties, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import { useContainer, useSession } from '../runner/session/session';
import { parseHex, themeVariables } from '../public/theme';
import { effectiveTheme } from '../../engine/theme';
import type { Theme } from '../public/types';
import { fieldErrors, messageOf } from '../runner/serverErrors';
import { lowContrast, ratioText } from './contrast';
import { Failure, Loading } from '../runner/states';
import type { ViewProps } from '../runner/types';
import { viewCall } from '../runner/viewCall';
import { useToast } from '../shared/toast';
import './org.css';
import { fill } from '../../engine/fill';
import { BusyButton } from '../shared/BusyButton';

const t = sv.org;
const call = viewCall('ThemeSettings');
type Group = 'button' | 'backgroundColor' | 'textColor' | 'icon';
type Full = Record<Group, Record<string, string>>;

const GROUPS: { group: Group; title: string; keys: string[] }[] = [
  { group: 'button', title: t.themeButton, keys: ['backgroundColor', 'textColor', 'borderRadius'] },
  { group: 'backgroundColor', title: t.themeBackgrounds, keys: ['mainContent', 'footer', 'socialMedia'] },
  { group: 'textColor', title: t.themeTexts, keys: ['workAtText', 'contactText', 'detailText', 'otherText', 'footerText'] },
  { group: 'icon', title: t.themeIcons, keys: ['footerIcon', 'positionIcons', 'positionIcon1', 'positionIcon2', 'positionIcon3', 'positionIcon4', 'socialMedia'] },
];
const RADII = ['rounded-none', 'rounded-sm', 'rounded', 'rounded-md', 'rounded-lg', 'rounded-xl', 'rounded-full'];
const names = t.themeKeys as Record<string, Record<string, string>>;
const nameOf = (g: string, k: string) => names[g]?.[k] ?? k;
const full = (theme: Theme): Full => effectiveTheme(theme) as Full;

/**
 * The view block of /admin/container/theme (schemas/screens/container-theme.json): every theme key
 * with a live preview of the public page and WCAG AA warnings as you type. It stays code because
 * the preview and the warnings follow the fields' unsaved values; the page's text and the reset
 * (an actions block that reloads this block) are data.
 */
export default function ThemeSettings(_: ViewProps) {
  const container = useContainer();
  const { handleError } = useSession();
  const toast = useToast();
  const [theme, setTheme] = useState<Full | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    call('get_containerTheme', { containerId: container.id })
      .then((th) => live && setTheme(full(th)))
      .catch((err: unknown) => {
        if (!live) return;
        handleError(err);
        setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [container.id, attempt, handleError]);

  const invalid = useMemo(() => {
    const out: Record<string, string> = {};
    if (!theme) return out;
    for (const { group, keys } of GROUPS) for (const k of keys) if (k !== 'borderRadius' && !parseHex(theme[group][k])) out[`/theme/${group}/${k}`] = t.colourInvalid;
    return out;
  }, [theme]);
  const low = useMemo(() => (theme ? lowContrast(theme) : []), [theme]);

  const save = useCallback(
    async (e: FormEvent) => {
      e.preventDefault();
      if (!theme || busy) return;
      const first = Object.keys(invalid)[0];
      if (first) {
        document.getElementById(`th-${first.split('/').slice(2).join('-')}`)?.focus();
        return;
      }
      setBusy(true);
      setServerErrors({});
      try {
        setTheme(full(await call('update_containerTheme', { containerId: container.id, theme })));
        toast.show(sv.toast.saved);
      } catch (err) {
        handleError(err);
        // Any refusal at a colour path is a colour that is not a colour.
        setServerErrors(Object.fromEntries(Object.keys(fieldErrors(err)).map((p) => [p, p.startsWith('/theme/') ? t.colourInvalid : messageOf(err)])));
        toast.show(messageOf(err), 'error');
      } finally {
        setBusy(false);
      }
    },
    [theme, busy, invalid, container.id, toast, handleError],
  );

  if (failed) return <Failure onRetry={() => setAttempt((a) => a + 1)} />;
  if (!theme) return <Loading />;
  const set = (group: Group, key: string, value: string) => setTheme({ ...theme, [group]: { ...theme[group], [key]: value } });
  const company = container.displayName ?? container.name;
  return (
    <>
      {low.length > 0 && (
        <div className="org-warning" role="status" aria-live="polite">
          <p>{fill(t.contrastSummary, { count: String(low.length) })}</p>
        </div>
      )}
      <div className="org-theme">
        <form onSubmit={(e) => void save(e)} noValidate>
          {GROUPS.map(({ group, title, keys }) => (
            <fieldset key={group} className="adm-fieldset">
              <legend>{title}</legend>
              {keys.map((k) => {
                const id = `th-${group}-${k}`;
                if (k === 'borderRadius') {
                  return (
                    <div className="org-field" key={k}>
                      <label htmlFor={id}>{nameOf(group, k)}</label>
                      <select id={id} value={theme[group][k]} onChange={(e) => set(group, k, e.target.value)}>
                        {RADII.map((r) => (
                          <option key={r} value={r}>
                            {(t.radii as Record<string, string>)[r] ?? r}
                          </option>
                        ))}
                      </select>
                    </div>
                  );
                }
                const path = `/theme/${group}/${k}`;
                const error = invalid[path] ?? serverErrors[path];
                const warn = low.find((l) => l.pair.text[0] === group && l.pair.text[1] === k);
                const rgb = parseHex(theme[group][k]);
                return (
                  <div className="org-field" key={k}>
                    <label htmlFor={id}>{nameOf(group, k)}</label>
                    <div className="org-colour">
                      <input
                        type="color"
                        aria-label={fill(t.pickColour, { name: nameOf(group, k) })}
                        value={rgb ? `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}` : '#000000'}
                        onChange={(e) => set(group, k, e.target.value.toUpperCase())}
                      />
                      <input id={id} type="text" value={theme[group][k]} spellCheck={false} aria-invalid={error ? true : undefined} aria-describedby={`${id}-error ${id}-warning`} onChange={(e) => set(group, k, e.target.value.trim())} />
                    </div>
                    <p id={`${id}-error`} className="org-error" role={error ? 'alert' : undefined}>
                      {error ?? ''}
                    </p>
                    {warn && (
                      <p id={`${id}-warning`} className="org-warning">
                        {fill(t.contrastWarning, { ratio: ratioText(warn.ratio), background: nameOf(warn.pair.background[0], warn.pair.background[1]).toLowerCase(), shown: warn.shownAs })}
                      </p>
                    )}
                  </div>
                );
              })}
            </fieldset>
          ))}
          <div className="adm-form-actions">
            <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>
              {t.saveTheme}
            </BusyButton>
          </div>
        </form>
        <Preview theme={theme} company={company} />
      </div>
    </>
  );
}

/** The public organisation page in miniature with the spec's sample content, drawn as the public side draws it. */
function Preview({ theme, company }: { theme: Full; company: string }) {
  const vars = themeVariables(theme) as CSSProperties & Record<string, string>;
  const v = (name: string) => vars[name];
  return (
    <section className="org-preview" aria-labelledby="th-preview" style={vars}>
      <h2 id="th-preview" className="adm-visually-hidden">
        {t.preview}
      </h2>
      <div className="org-preview-main" style={{ background: v('--pub-main-bg') }}>
        <p style={{ color: v('--pub-work-at-text'), fontSize: '1.5rem', fontWeight: 700, margin: 0 }}>{fill(t.sampleWorkAt, { company })}</p>
        <p style={{ color: v('--pub-other-text') }}>{t.sampleVacancies}</p>
        <div className="org-preview-card">
          <p style={{ color: v('--pub-other-text'), fontWeight: 600, margin: 0 }}>{t.samplePosition}</p>
          <p style={{ color: v('--pub-detail-text'), margin: '0.25rem 0' }}>{t.sampleCity}</p>
          <p style={{ color: v('--pub-contact-text'), margin: 0 }}>{t.sampleContact}</p>
          <div className="org-icons" aria-hidden="true">
            {[1, 2, 3, 4].map((n) => (
              <span key={n} style={{ background: v(`--pub-position-icon-${n}`) }} />
            ))}
          </div>
          <span className="org-preview-button" style={{ background: v('--pub-button-bg'), color: v('--pub-button-text'), borderRadius: v('--pub-button-radius') }}>
            {t.sampleApply}
          </span>
        </div>
      </div>
      <div className="org-preview-social" style={{ background: v('--pub-social-bg') }} aria-hidden="true">
        {[1, 2, 3].map((n) => (
          <span key={n} style={{ display: 'inline-block', width: '1.25rem', height: '1.25rem', borderRadius: '50%', background: v('--pub-social-icon') }} />
        ))}
      </div>
      <div className="org-preview-footer" style={{ background: v('--pub-footer-bg'), color: v('--pub-footer-text') }}>
        {company}
      </div>
    </section>
  );
}
