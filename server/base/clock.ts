/** A clock in unix seconds, injectable so tests and the deployment checks can move time (server/deployment/fake-clock.ts). */
export type Clock = () => number;
