import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { ApiError, publicPost } from '../api';
import './candidate.css';

const t = sv.signin;

/** `token` and `email` from a mailed link's fragment (`#token=…&email=…`). */
function fromHash(hash: string): { token: string | null; email: string } {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  return { token: q.get('token') || null, email: q.get('email') ?? '' };
}

/**
 * The page of a mailed link: the token is read from the fragment once, kept in memory and
 * wiped from the address bar, and sent in a POST body when the person presses the button
 * (not on load: a mail scanner opening the link must not use it up). On success the session
 * is stored and `onDone` decides what comes next; a refused link says why and offers a new one.
 * Drawn in a view block, under the page's heading and above its way back to the login.
 */
export function LinkLanding(props: {
  intro: string;
  button: string;
  busyLabel: string;
  confirmPath: string;
  /** What to do with the answer's data; may return something to show instead of leaving. */
  onDone(data: { token: string; next?: string; passwordRemoved?: boolean; email?: string }): ReactNode | void;
  refusedExtra(email: string): ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const [link] = useState(() => fromHash(location.hash));
  const [phase, setPhase] = useState<'ready' | 'busy' | 'refused' | 'done'>('ready');
  const [message, setMessage] = useState('');
  const [shown, setShown] = useState<ReactNode>(null);
  const outcome = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);
  useEffect(() => {
    if (phase === 'refused' || phase === 'done') outcome.current?.focus();
  }, [phase]);

  async function follow() {
    if (phase === 'busy' || !link.token) return;
    setPhase('busy');
    setMessage('');
    try {
      const data = await publicPost<{ token: string; next?: string; passwordRemoved?: boolean; email?: string }>(props.confirmPath, { token: link.token });
      const node = props.onDone(data);
      if (node) {
        setShown(node);
        setPhase('done');
      }
    } catch (err) {
      if (err instanceof ApiError && err.status > 0 && err.status < 500) {
        setMessage(err.message);
        setPhase(err.status === 429 ? 'ready' : 'refused');
      } else {
        setMessage(sv.toast.errorRetry);
        setPhase('ready');
      }
    }
  }

  if (phase === 'done') {
    return (
      <p ref={outcome} tabIndex={-1} role="status">
        {shown}
      </p>
    );
  }
  if (!link.token || phase === 'refused') {
    return (
      <>
        <p ref={outcome} tabIndex={-1} role="alert" className="adm-form-error">
          {link.token ? message : t.missing}
        </p>
        {props.refusedExtra(link.email)}
      </>
    );
  }
  return (
    <>
      <p>{props.intro}</p>
      <p className="adm-form-error" role="alert">
        {message}
      </p>
      <button type="button" className="adm-button adm-button-primary" onClick={follow} disabled={phase === 'busy'} aria-busy={phase === 'busy'}>
        {phase === 'busy' ? props.busyLabel : props.button}
      </button>
    </>
  );
}
