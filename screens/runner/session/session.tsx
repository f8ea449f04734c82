import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActionAnswer } from '../../../schemas/generated/actions';
import sv from '../../../schemas/messages/sv.json';
import { ApiError, CONTAINER_KEY, dispatch, getToken, TOKEN_KEY } from '../../api';
import { clearStoredSession, isOdin, validUser, type TokenUser } from './token';

type ContainerAnswer = ActionAnswer['get_container'];

/** An organisation in the session's list: an item of get_containers' answer. */
export type ContainerSummary = ActionAnswer['get_containers'][number];

export type PositionType = NonNullable<ContainerAnswer['positionTypes']>[number];

/** The chosen organisation: get_container's answer, its position types and the user's permissions always present. */
export type Container = ContainerAnswer & Required<Pick<ContainerAnswer, 'positionTypes' | 'myPermissions'>>;

export type SessionStatus = 'anonymous' | 'loading' | 'pick' | 'none' | 'ready' | 'error';

export interface Rights {
  odin: boolean;
  admin: boolean;
  /** "the writer check also accepts Administrator" (spec document 1 §6), and odin for ads. */
  write: boolean;
}

export interface Session {
  status: SessionStatus;
  user: TokenUser | null;
  containers: ContainerSummary[];
  container: Container | null;
  rights: Rights;
  login(token: string): void;
  logout(): void;
  pickContainer(id: number): void;
  /** Logs out on 401 (expired or revoked session); returns the error's Swedish message. */
  handleError(err: unknown): string;
}

const SessionContext = createContext<Session | null>(null);

function rightsOf(user: TokenUser | null, container: Container | null): Rights {
  const odin = isOdin(user);
  const perms = container?.myPermissions ?? [];
  const admin = odin || perms.includes('Administrator');
  return { odin, admin, write: admin || perms.includes('Write') };
}

function storedContainerId(): number | null {
  const n = Number(localStorage.getItem(CONTAINER_KEY));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** Token, user, the chosen container and the user's rights in it, for the whole admin app. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<TokenUser | null>(() => validUser(getToken()));
  const [containers, setContainers] = useState<ContainerSummary[]>([]);
  const [container, setContainer] = useState<Container | null>(null);
  const [status, setStatus] = useState<SessionStatus>(() => (validUser(getToken()) ? 'loading' : 'anonymous'));
  const [chosen, setChosen] = useState<number | null>(() => storedContainerId());

  // The logged-in user for logout, which must not change identity with it.
  const current = useRef(user);
  current.current = user;
  const logout = useCallback(() => {
    const token = getToken();
    if (token && validUser(token)) {
      // Ends the session on the server too; the local logout does not wait for it.
      void fetch('/api/account/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
    }
    clearStoredSession(current.current?.sub);
    setUser(null);
    setContainers([]);
    setContainer(null);
    setChosen(null);
    setStatus('anonymous');
  }, []);

  const login = useCallback((token: string) => {
    const u = validUser(token);
    if (!u) return;
    localStorage.setItem(TOKEN_KEY, token);
    setUser(u);
    setChosen(storedContainerId());
    setStatus('loading');
  }, []);

  const handleError = useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && err.status === 401) logout();
      return err instanceof ApiError ? err.message : sv.toast.error;
    },
    [logout],
  );

  const pickContainer = useCallback((id: number) => {
    localStorage.setItem(CONTAINER_KEY, String(id));
    setChosen(id);
    setStatus('loading');
  }, []);

  // An invalid, undecodable or expired token found at start is a logout, not just ignored.
  useEffect(() => {
    if (getToken() && !validUser(getToken())) clearStoredSession();
  }, []);

  // The session ends when the token expires, not only at the next navigation.
  useEffect(() => {
    if (!user) return;
    const ms = Math.min(user.exp * 1000 - Date.now(), 2 ** 31 - 1);
    const t = setTimeout(logout, Math.max(ms, 0));
    return () => clearTimeout(t);
  }, [user, logout]);

  // Another tab logging out (or in as someone else) applies here too.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== TOKEN_KEY && e.key !== null) return;
      const u = validUser(getToken());
      if (!u) logout();
      else if (u.sub !== user?.sub) login(getToken() as string);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [login, logout, user?.sub]);

  useEffect(() => {
    if (!user) return;
    let live = true;
    (async () => {
      // The organisation chosen last time is asked for beside the list, not after it: one round
      // trip less before any admin page can load its own data. It is used only if the list
      // still holds it; otherwise its answer (or refusal) is dropped.
      const early = chosen !== null ? dispatch('get_container', { id: chosen }) : null;
      early?.catch(() => undefined);
      try {
        const list = (await dispatch('get_containers', {})) ?? [];
        if (!live) return;
        setContainers(list);
        const id = list.find((c) => c.id === chosen)?.id ?? (list.length === 1 ? list[0]?.id : undefined);
        if (id === undefined) {
          setContainer(null);
          setStatus(list.length === 0 ? 'none' : 'pick');
          return;
        }
        const c = await (id === chosen && early ? early : dispatch('get_container', { id }));
        if (!live) return;
        localStorage.setItem(CONTAINER_KEY, String(id));
        setContainer({ ...c, positionTypes: c.positionTypes ?? [], myPermissions: c.myPermissions ?? [] });
        setStatus('ready');
      } catch (err) {
        if (!live) return;
        handleError(err);
        if (!(err instanceof ApiError && err.status === 401)) setStatus('error');
      }
    })();
    return () => {
      live = false;
    };
  }, [user, chosen, handleError]);

  const value = useMemo<Session>(
    () => ({ status, user, containers, container, rights: rightsOf(user, container), login, logout, pickContainer, handleError }),
    [status, user, containers, container, login, logout, pickContainer, handleError],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession must be used inside <SessionProvider>');
  return s;
}

/** The chosen container; only for screens behind the guards (which wait for it). */
export function useContainer(): Container {
  const { container } = useSession();
  if (!container) throw new Error('useContainer used before a container was chosen');
  return container;
}
