// A bounded wait that leaves nothing behind once it is over.

/**
 * `promise`'s value, or undefined once `ms` have passed (a rejection passes through). The timer
 * is cleared as soon as the wait ends: a race against a plain delay keeps the process alive
 * until that delay runs out (the CLI then waits for its forced exit, a library caller longer).
 */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
