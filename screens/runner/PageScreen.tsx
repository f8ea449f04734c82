import { lazy, Suspense, useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { fill } from '../../engine/fill';
import sv from '../../schemas/messages/sv.json';
import { at, fillText, type BindingContext } from './bindings';
import { loadChunk } from '../chunks';
import { ActionButtons } from './LazyActionButtons';
import { layoutOf } from './Screen';
import { Failure, Loading } from './states';
import type { Block, GivenAnswer, ScreenFile } from './types';
import type { Data } from './useScreenData';
import { useBindingContext } from './useBindingContext';
import { useLightForm } from './context';
import { useScreenData } from './useScreenData';
import { useAccess } from './usePositionRights';
import { viewComponent } from './views';
import './runner.css';

const t = sv.screenEngine;

// A block's code loads with the first page that has such a block (the login has a form, the
// applicant list a record and a view, no form); a form block draws the form its entry chose (FormBlock.tsx):
// the light one for plain fields, or RJSF's, which brings RJSF, ajv and the widgets.
const FormBlock = lazy(() => loadChunk('kind:formblock', () => import('./FormBlock')));
const ListBody = lazy(() => loadChunk('kind:list', () => import('./ListScreen')).then((m) => ({ default: m.ListBody })));
const RecordPartView = lazy(() => loadChunk('kind:record', () => import('./RecordScreen')).then((m) => ({ default: m.RecordPartView })));
const numberFormat = new Intl.NumberFormat('sv-SE');

/** A stats block: figures from its load. */
function Stats({ block, generation }: { block: Block; generation: number }) {
  const ctx = useBindingContext();
  const [attempt, setAttempt] = useState(0);
  const loaded = useScreenData(block.load, ctx, generation + attempt);
  if (loaded.status === 'loading') return <Loading />;
  if (loaded.status !== 'ready') return <Failure onRetry={() => setAttempt((a) => a + 1)} />;
  return (
    <dl className="scr-stats">
      {(block.stats ?? []).map((s) => {
        const v = at(loaded.data, s.field);
        return (
          <div key={s.field}>
            <dt>{s.label}</dt>
            <dd>{typeof v === 'number' && s.format !== 'text' ? numberFormat.format(v) : String(v ?? t.empty)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A view block: one registered component for what must stay code, given the screen, the block's props and (`from`) a record block's answer. */
function ViewBlock({ screen, block, reload, given }: { screen: ScreenFile; block: Block; reload(): void; given?: GivenAnswer }) {
  const View = viewComponent(block.view ?? '');
  if (!View) throw new Error(`No view ${block.view}.view.tsx under screens/ for a block of ${screen.id}`);
  return (
    <Suspense fallback={<Loading />}>
      <View screen={screen} props={(block.props ?? {}) as Record<string, unknown>} reload={reload} {...(given ? { given } : {})} />
    </Suspense>
  );
}

/** A links block: the links the user may follow, the current page's marked (aria-current); with `nav`, a named navigation. */
function Links({ block }: { block: Block }) {
  const ctx = useBindingContext();
  const links = block.links ?? [];
  const can = useAccess(links.map((l) => l.access));
  const list = (
    <ul className="adm-home-links scr-links">
      {links
        .filter((l) => can(l.access))
        .map((l) => (
          <li key={l.to}>
            <NavLink to={fillText(l.to, ctx, true)} end>
              {l.label}
            </NavLink>
          </li>
        ))}
    </ul>
  );
  return block.nav ? <nav aria-label={block.nav}>{list}</nav> : list;
}

/** One block's body; `saved` reloads the blocks it names (and keeps a form's answer for a record `from` it, `forget` drops it). */
function BlockBody({ screen, block, generation, saved, answers, forget, givens, loaded }: { screen: ScreenFile; block: Block; generation: number; saved(done?: BindingContext): void; answers: Record<string, BindingContext>; forget(): void; givens: Record<string, GivenAnswer>; loaded(data: Data): void }) {
  const ctx = useBindingContext();
  // A form block's choice of form is its entry's: the nth form block of the file is the nth of the entry.
  const light = useLightForm(screen.id, (screen.blocks ?? []).filter((b) => b.kind === 'form').indexOf(block));
  const part = { ...block, id: block.id ?? screen.id };
  switch (block.kind) {
    case 'text':
      return <p>{fillText(block.text ?? '', ctx)}</p>;
    case 'links':
      return <Links block={block} />;
    case 'form':
      return <FormBlock key={generation} light={light} part={{ ...part, title: '' }} screen={screen} level={2} onSaved={saved} onSubmit={forget} />;
    case 'record':
      if (block.from) {
        const given = answers[block.from];
        return given ? <RecordPartView key={generation} part={{ ...part, title: '' }} level={2} given={given} /> : null;
      }
      return <RecordPartView part={{ ...part, title: block.head ? screen.title : '' }} level={block.head ? 1 : 2} generation={generation} onData={loaded} />;
    case 'list':
      return <ListBody screen={{ ...screen, ...block, title: block.title ?? screen.title, kind: 'list' } as ScreenFile} headless generation={generation} />;
    case 'actions':
      return <ActionButtons actions={block.actions ?? []} ctx={ctx} done={saved} />;
    case 'stats':
      return <Stats block={block} generation={generation} />;
    case 'view':
      // A view block loads again (mounts afresh) when another block's save names it in `reloads`.
      return <ViewBlock key={generation} screen={screen} block={block} reload={saved} {...(block.from && givens[block.from] ? { given: givens[block.from] } : {})} />;
  }
}

/**
 * A `page` (JSON Forms' layouts over react-admin's parts): blocks one after another, as tabs
 * or as steps. A form's save or an actions block reloads the blocks its `reloads` names.
 */
export default function PageScreen({ screen }: { screen: ScreenFile }) {
  const blocks = useMemo(() => screen.blocks ?? [], [screen.blocks]);
  const [generations, setGenerations] = useState<Record<string, number>>({});
  const [current, setCurrent] = useState(0);
  const [answers, setAnswers] = useState<Record<string, BindingContext>>({});
  const keep = (id: string | undefined, done: BindingContext | undefined) =>
    id && setAnswers(({ [id]: _old, ...rest }) => (done ? { ...rest, [id]: done } : rest));
  // A record block's answer for a view block `from` it; only an unpicked answer is the action's own type.
  const [givens, setGivens] = useState<Record<string, GivenAnswer>>({});
  const hears = useMemo(
    () =>
      blocks.map((block) => (data: Data | undefined) => {
        const load = block.load;
        const key = block.id;
        if (!key || !load?.action || load.pick !== undefined || load.find || load.also) return;
        setGivens((g) => {
          // The load's action names the answer's generated type; the server answered `data` to it.
          if (data) return { ...g, [key]: { action: load.action!, answer: data } as GivenAnswer };
          if (!(key in g)) return g;
          const { [key]: _gone, ...rest } = g;
          return rest;
        });
      }),
    [blocks],
  );
  const id = useId();
  // Which blocks the user may see, decided once for the page (per-position rights asked once).
  const can = useAccess(blocks.map((b) => b.access));
  const reload = useCallback((ids: readonly string[] | undefined) => {
    if (!ids?.length) return;
    setGenerations((g) => Object.fromEntries([...Object.entries(g), ...ids.map((k) => [k, (g[k] ?? 0) + 1])]));
  }, []);
  const render = (block: Block, i: number): ReactNode =>
    // A record `from` a form (a view `from` a record) shows nothing, not even its heading, until the form has answered (the record has loaded);
    // a block the user may not see shows nothing either, not even its heading, unless it says why (Mina sidor's talent pool to a visitor).
    (block.from && !answers[block.from] && !givens[block.from]) || (!can(block.access) && !block.deniedText) ? null : (
    <section key={block.id ?? i} className={`scr-block${block.head ? ' scr-head' : ''}${block.nav ? ' scr-nav' : ''}`} aria-labelledby={block.title ? `${id}-b${i}` : undefined}>
      {block.title && <h2 id={`${id}-b${i}`}>{block.title}</h2>}
      {!can(block.access) ? (
        <p role="note">{block.deniedText}</p>
      ) : (
        <Suspense fallback={<Loading />}>
          <BlockBody
            screen={screen}
            block={block}
            generation={block.id ? (generations[block.id] ?? 0) : 0}
            saved={(done) => {
              keep(block.id, done);
              reload(block.reloads);
            }}
            answers={answers}
            forget={() => keep(block.id, undefined)}
            givens={givens}
            loaded={hears[i]!}
          />
        </Suspense>
      )}
    </section>
    );
  const arrange = screen.arrange ?? 'stack';
  return (
    <div className="scr-page">
      {layoutOf(screen) !== 'session' && !blocks.some((b) => b.head) && <h1>{screen.title}</h1>}
      {arrange === 'stack' && blocks.map(render)}
      {arrange === 'tabs' && (
        <div className="scr-tabs">
          <div role="tablist" aria-label={t.tabsLabel}>
            {blocks.map((b, i) => (
              <button key={b.id ?? i} id={`${id}-tab${i}`} type="button" role="tab" aria-selected={i === current} aria-controls={`${id}-panel`} tabIndex={i === current ? 0 : -1} className="adm-button" onClick={() => setCurrent(i)}>
                {b.title ?? String(i + 1)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab${current}`}>
            {blocks[current] && render({ ...blocks[current], title: undefined } as Block, current)}
          </div>
        </div>
      )}
      {arrange === 'steps' && (
        <div className="scr-steps">
          <p role="status">{fill(t.step, { n: String(current + 1), count: String(blocks.length) })}</p>
          {blocks[current] && render(blocks[current], current)}
          <nav className="scr-steps-nav" aria-label={t.stepsLabel}>
            <button type="button" className="adm-button" disabled={current === 0} onClick={() => setCurrent((c) => c - 1)}>
              {t.previous}
            </button>
            <button type="button" className="adm-button adm-button-primary" disabled={current >= blocks.length - 1} onClick={() => setCurrent((c) => c + 1)}>
              {t.next}
            </button>
          </nav>
        </div>
      )}
    </div>
  );
}
