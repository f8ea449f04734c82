import { useCallback, useLayoutEffect, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { loadChunk } from '../chunks';

/**
 * Parts on react-aria-components (the shell's search, bell and user menu, the list's export menu)
 * load their code when a person first uses them, not with the page (issue 27 item 1). Until then a
 * lookalike stands in their place: the same element (a real <button> or <input>), size and
 * accessible name. What the person did to it travels to the real part, which picks it up once.
 */
export interface FirstUse {
  /** The lookalike had focus: the real part's trigger (or field) takes it. */
  focus: boolean;
  /** Activated: by keyboard (the first item takes focus, as react-aria does) or by pointer; null when only hovered or focused. */
  open: 'keyboard' | 'pointer' | null;
  /** What was typed into a lookalike field. */
  text?: string;
}

/** A part whose code loads on demand; `loaded` once it has arrived (later mounts draw it at once). */
export interface DeferredPart<P> {
  loaded: ComponentType<P> | null;
  load(): Promise<ComponentType<P>>;
}

/** A part named `chunk` (the name a failed load shows), loaded through loadChunk at most once at a time. */
export function deferredPart<P>(chunk: string, importer: () => Promise<ComponentType<P>>): DeferredPart<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  const part: DeferredPart<P> = {
    loaded: null,
    load: () =>
      (pending ??= loadChunk(chunk, importer).then(
        (component) => (part.loaded = component),
        (err: unknown) => {
          pending = null;
          throw err;
        },
      )),
  };
  return part;
}

/**
 * The part's component once loaded (null before), and `start(used)`: begin loading. A load begun
 * by a hover or focus that fails is forgotten (the next use tries again); once the person has
 * used the part, a failed load throws to the app's boundary (AppErrorBoundary: one reload for a
 * new build, else the chunk error page), as every other chunk of the app does.
 */
export function useDeferred<P>(part: DeferredPart<P>) {
  const [Real, setReal] = useState<ComponentType<P> | null>(() => part.loaded);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const used = useRef(false);
  const start = useCallback(
    (use: boolean) => {
      if (use) used.current = true;
      part.load().then(
        (component) => setReal(() => component),
        (error: unknown) => used.current && setFailure({ error }),
      );
    },
    [part],
  );
  if (failure) throw failure.error;
  return { Real, start };
}

/**
 * Called by the real part as it takes the lookalike's place: focus to `target` when the lookalike
 * had it (or was activated), then `open(how)` when it was activated. Once, on the first mount.
 */
export function useFirstUse(first: FirstUse | undefined, target: RefObject<HTMLElement | null>, open: (how: 'keyboard' | 'pointer') => void) {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current || !first) return;
    done.current = true;
    if (first.focus || first.open) target.current?.focus();
    if (first.open) open(first.open);
  }, [first, target, open]);
}

/**
 * A deferred menu's state (the user menu, the export menu): open, and whether its first item
 * takes focus, as react-aria does for a menu opened by keyboard, also when the key was pressed
 * on the lookalike before the code arrived. Spread `trigger` on MenuTrigger, `autoFocus` on Menu.
 */
export function useDeferredMenu(first: FirstUse | undefined) {
  const [open, setOpen] = useState(false);
  const [focusFirst, setFocusFirst] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useFirstUse(first, button, (how) => {
    setFocusFirst(how === 'keyboard');
    setOpen(true);
  });
  const onOpenChange = useCallback((next: boolean) => {
    setOpen(next);
    if (!next) setFocusFirst(false);
  }, []);
  return { button, trigger: { isOpen: open, onOpenChange }, autoFocus: focusFirst ? ('first' as const) : undefined };
}

/** The props every real part takes from the lookalike: what was done to it, and the face it drew. */
interface RealProps {
  first?: FirstUse;
  children: ReactNode;
}

interface TriggerProps<P extends RealProps> {
  part: DeferredPart<P>;
  /** The real part's own props. */
  props: Omit<P, keyof RealProps>;
  /** The trigger button's class, name and popup kind, as the real part draws them. */
  button: { className: string; 'aria-label'?: string; 'aria-haspopup': 'true' | 'dialog'; disabled?: boolean };
  /** Keys that open it: Enter and Space, and ArrowDown for a menu. */
  menu?: boolean;
  /** What the button shows, the same in both. */
  children: ReactNode;
}

/**
 * A popup's trigger (a menu's or a popover's): the lookalike button until the part's code has
 * arrived (a pointer over it or focus on it starts the load), then the real part. A press or a key
 * that opens it before then opens the real part as soon as it is there.
 */
export function DeferredTrigger<P extends RealProps>({ part, props, button, menu = false, children }: TriggerProps<P>) {
  const { Real, start } = useDeferred(part);
  const [focus, setFocus] = useState(false);
  const [open, setOpen] = useState<FirstUse['open']>(null);
  if (Real) {
    const all = { ...props, first: { focus, open }, children } as P;
    return <Real {...all} />;
  }
  const activate = (how: 'keyboard' | 'pointer') => {
    setOpen(how);
    start(true);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ' && !(menu && e.key === 'ArrowDown')) return;
    e.preventDefault();
    activate('keyboard');
  };
  return (
    <button
      type="button"
      {...button}
      aria-expanded="false"
      onPointerEnter={() => start(false)}
      onFocus={() => {
        setFocus(true);
        start(false);
      }}
      onBlur={() => setFocus(false)}
      // A mouse press opens on the way down (react-aria's menus do): the button may be replaced before the click.
      onPointerDown={(e) => e.pointerType === 'mouse' && e.button === 0 && activate('pointer')}
      onClick={(e) => activate(e.detail === 0 ? 'keyboard' : 'pointer')}
      onKeyDown={onKeyDown}
    >
      {children}
    </button>
  );
}
