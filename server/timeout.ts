/** `work`, or a rejection with `message` once `ms` have passed first (the timer is cleared either way). */
export function withinMs<T>(work: Promise<T>, ms: number, message = 'timeout'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_res, rej) => {
    timer = setTimeout(() => rej(new Error(message)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
