import AccessDenied from '../admin/AccessDenied';
import type { ViewProps } from '../runner/types';

/** /access-denied (session card) and /admin/access-denied (`props.inShell`, inside the shell). */
export default function AccessDeniedView({ props }: ViewProps) {
  return <AccessDenied inShell={props.inShell === true} />;
}
